"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Field, Input, Select } from "@/components/ui/field";
import { WEBHOOKS_QUERY, type Envelope, type WebhookEndpoint } from "@/components/webhooks/types";
import { apiFetch } from "@/lib/client/api-fetch";
import { WATCH_EMITTED_EVENT_TYPES } from "@/lib/events/event-types";

/**
 * Where a watch's events go (issue 29): one of the account's active endpoints that subscribes to a
 * watch event type (its secret, rotation, throttle and attempt log apply), or "a URL" of its own.
 */
export function DeliveryTargetField(props: {
  webhookId: string;
  webhookUrl: string;
  onChange: (patch: { webhookId?: string; webhookUrl?: string }) => void;
  error: (field: string) => string | undefined;
}) {
  const list = useQuery({
    queryKey: WEBHOOKS_QUERY,
    queryFn: async () => (await apiFetch<Envelope<{ webhooks: WebhookEndpoint[] }>>("/v1/webhooks")).data.webhooks,
  });
  const usable = (list.data ?? []).filter(
    (e) => e.status === "active" && e.events.some((t) => (WATCH_EMITTED_EVENT_TYPES as readonly string[]).includes(t)),
  );
  return (
    <>
      <Field
        label="Deliver to"
        hint={
          usable.length === 0 && list.isSuccess
            ? "No active endpoint subscribes to watch events yet: use a URL, or create one under Webhooks."
            : "A registered endpoint uses its own secret, throttle and attempt log."
        }
        error={props.error("webhookId")}
      >
        {(p) => (
          <Select
            {...p}
            name="webhook_id"
            value={props.webhookId}
            onChange={(e) => props.onChange({ webhookId: e.target.value })}
          >
            <option value="">A URL (signed with the watch signing secret)</option>
            {usable.map((e) => (
              <option key={e.webhook_id} value={e.webhook_id}>
                Endpoint {e.url}
                {e.description ? ` (${e.description})` : ""}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {props.webhookId === "" ? (
        <Field label="Webhook URL" hint="HTTPS only." required error={props.error("webhookUrl")}>
          {(p) => (
            <Input
              {...p}
              type="url"
              name="webhook_url"
              placeholder="https://example.com/hooks/weather"
              value={props.webhookUrl}
              onChange={(e) => props.onChange({ webhookUrl: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <p className="text-sm text-slate-600">
          Events this endpoint subscribes to are delivered through it; see its{" "}
          <Link className="underline" href={`/webhooks/${props.webhookId}`}>
            attempt log
          </Link>
          .
        </p>
      )}
    </>
  );
}
