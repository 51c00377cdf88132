"use client";
import { useCan } from "@/components/team/role-context";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorText } from "@/components/ui/request-id-note";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { pollingOptions } from "@/lib/client/polling";
import { AttemptTimeline } from "./attempt-timeline";
import type { DeliverySummary, EventDetail } from "./types";

const POLLING = pollingOptions(5_000);

/** A target of the event: an endpoint or a watch's webhook_url (redeliveries to it are grouped with it). */
interface Target {
  key: string;
  label: string;
  attemptsPath: string;
  redeliverPath: string;
  deliveries: DeliverySummary[];
}

function targetsOf(e: EventDetail): Target[] {
  const out = new Map<string, Target>();
  for (const d of e.deliveries) {
    const key = d.webhook_id ? `webhook:${d.webhook_id}` : `watch:${d.watch_id}`;
    const t = out.get(key) ?? {
      key,
      label: d.webhook_id ? `Endpoint ${d.url}` : `Watch webhook_url ${d.url}`,
      attemptsPath: d.webhook_id
        ? `/v1/webhooks/${d.webhook_id}/attempts?event_id=${e.event_id}`
        : `/v1/weather/watch/${d.watch_id}/attempts?event_id=${e.event_id}`,
      redeliverPath: d.webhook_id
        ? `/v1/webhooks/${d.webhook_id}/events/${e.event_id}/redeliver`
        : `/v1/weather/watch/${d.watch_id}/events/${e.event_id}/redeliver`,
      deliveries: [],
    };
    t.deliveries.push(d);
    out.set(key, t);
  }
  return [...out.values()];
}

type Outcome = { target: string; ok: boolean; text: string; error?: unknown };

/** One event: pretty payload, each target's deliveries and attempt timeline, resend to one or all targets. */
export function EventDetailView({ eventId }: { eventId: string }) {
  const qc = useQueryClient();
  const mayResend = useCan("webhooks.manage");
  const q = useQuery({
    queryKey: ["event", eventId],
    queryFn: () => apiFetch<{ data: EventDetail }>(`/v1/events/${eventId}`),
    ...POLLING,
  });
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const resend = useMutation({
    mutationFn: async (targets: Target[]) => {
      const results: Outcome[] = [];
      for (const t of targets) {
        try {
          const r = await apiFetch<{
            data: { attempt: { status: string; response_status: number; error_message: string | null } | null };
          }>(t.redeliverPath, { method: "POST" });
          const a = r.data.attempt;
          results.push({
            target: t.label,
            ok: a?.status === "delivered",
            text: a
              ? `${a.status.replaceAll("_", " ")} (HTTP ${a.response_status || "none"})${a.error_message ? `: ${a.error_message}` : ""}`
              : "queued",
          });
        } catch (err) {
          results.push({ target: t.label, ok: false, text: "could not resend", error: err });
        }
      }
      return results;
    },
    onSuccess: (r) => setOutcomes(r),
    onSettled: () =>
      void qc
        .invalidateQueries({ queryKey: ["event", eventId] })
        .then(() => qc.invalidateQueries({ queryKey: ["event-attempts"] })),
  });

  if (q.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-600" role="status">
        <Spinner /> Loading event…
      </p>
    );
  }
  if (q.isError) {
    return (
      <Alert tone="danger" title="Could not load this event">
        <ErrorText error={q.error} />
      </Alert>
    );
  }
  const e = q.data.data;
  const targets = targetsOf(e);
  let pretty = e.payload;
  try {
    pretty = JSON.stringify(JSON.parse(e.payload), null, 2);
  } catch {
    /* show as sent */
  }
  return (
    <>
      <PageHeader
        title={e.type}
        description={`Event ${e.event_id} · ${formatDateTime(e.created_at)}${e.test ? " · test event" : ""}`}
        actions={
          targets.length > 0 && mayResend ? (
            <Button onClick={() => resend.mutate(targets)} loading={resend.isPending}>
              Resend to all targets
            </Button>
          ) : undefined
        }
      />
      {outcomes.length > 0 && (
        <div className="mb-4 space-y-2" aria-live="polite">
          {outcomes.map((o) => (
            <Alert key={o.target} tone={o.ok ? "success" : "danger"} title={`Resent to ${o.target}: ${o.text}`}>
              {o.error ? <ErrorText error={o.error} /> : undefined}
            </Alert>
          ))}
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Payload"
            description="The exact JSON every delivery of this event signs and sends (pretty-printed here; copy gives the exact bytes)."
          />
          <CardBody>
            <CodeBlock copyValue={e.payload} label="application/json" maxHeightClass="max-h-96">
              {pretty}
            </CodeBlock>
          </CardBody>
        </Card>
        <div className="space-y-6">
          {targets.length === 0 && (
            <Alert tone="info" title="No targets">
              No endpoint was subscribed to {e.type} when it happened, and it has no watch webhook_url.
            </Alert>
          )}
          {targets.map((t) => (
            <Card key={t.key}>
              <CardHeader
                title={<span className="break-all">{t.label}</span>}
                description={t.deliveries
                  .map(
                    (d) =>
                      `${d.kind === "manual" ? "resend" : d.kind}: ${d.status.replaceAll("_", " ")}, ${d.attempts_made}/${d.max_attempts} attempts${d.next_attempt_at ? `, next ${formatDateTime(d.next_attempt_at)}` : ""}`,
                  )
                  .join(" · ")}
                actions={
                  mayResend && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => resend.mutate([t])}
                      loading={resend.isPending && resend.variables?.length === 1 && resend.variables[0].key === t.key}
                    >
                      Resend
                    </Button>
                  )
                }
              />
              <AttemptTimeline path={t.attemptsPath} />
            </Card>
          ))}
        </div>
      </div>
      <div className="mt-4">
        <StatusChip
          status={targets.length ? "targets" : "no targets"}
          label={`${targets.length} target${targets.length === 1 ? "" : "s"}`}
        />
      </div>
    </>
  );
}
