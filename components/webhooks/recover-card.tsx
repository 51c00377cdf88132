"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/request-id-note";
import { apiFetch, ApiRequestError } from "@/lib/client/api-fetch";
import { WEBHOOK_RETENTION_DAYS } from "@/lib/webhooks/retention-days";
import { attemptsQuery, type Envelope } from "./types";
import { useUsage } from "@/components/billing/use-usage";

type Recovery = { webhook_id: string; since: string; until: string; count: number };

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
function localValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * "Recover failed since…" (POST /v1/webhooks/{id}/recover): after an outage, every event whose
 * delivery to this endpoint gave up since the chosen time is sent again, once, with its own id.
 */
export function RecoverCard({ webhookId }: { webhookId: string }) {
  const qc = useQueryClient();
  const usage = useUsage();
  const days = usage.data ? WEBHOOK_RETENTION_DAYS[usage.data.data.plan] : WEBHOOK_RETENTION_DAYS.free;
  // The page's "now", fixed when it opened (render stays pure); the server checks the real bound.
  const [openedAt] = useState(() => Date.now());
  const [since, setSince] = useState(() => localValue(new Date(openedAt - 86_400_000)));
  const recover = useMutation({
    mutationFn: async (sinceIso: string) =>
      (
        await apiFetch<Envelope<Recovery>>(`/v1/webhooks/${webhookId}/recover`, {
          method: "POST",
          body: { since: sinceIso },
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: attemptsQuery(webhookId) }),
  });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new Date(since);
    if (!Number.isNaN(d.getTime())) recover.mutate(d.toISOString());
  }
  const fieldError = recover.error instanceof ApiRequestError ? recover.error.fieldErrors.since : undefined;
  return (
    <Card className="mb-6">
      <CardHeader
        title="Recover failed deliveries"
        description={`After an outage: every event whose delivery to this endpoint gave up since the time you pick is sent again, once, with the same event id (deduplicate on webhook-id). Reaches back at most ${days} days (your plan's retention).`}
      />
      <CardBody>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Recover failed deliveries">
          <Field label="Recover failed since" error={fieldError} className="min-w-64">
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                name="since"
                value={since}
                min={localValue(new Date(openedAt - days * 86_400_000 + 60_000))}
                max={localValue(new Date(openedAt + 86_400_000))}
                onChange={(e) => setSince(e.target.value)}
                required
              />
            )}
          </Field>
          <Button type="submit" loading={recover.isPending}>
            Recover
          </Button>
        </form>
        {recover.isError && !fieldError && (
          <Alert tone="danger" className="mt-4">
            <ErrorText error={recover.error} />
          </Alert>
        )}
        {recover.data && (
          <Alert tone={recover.data.count ? "success" : "info"} className="mt-4">
            {recover.data.count
              ? `${recover.data.count} failed ${recover.data.count === 1 ? "event" : "events"} queued for delivery again; follow them in the attempts below.`
              : "No failed deliveries to recover in that window (events already delivered or still retrying are left as they are). Test events are never recovered: send a failed test event again from its page with Resend."}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
