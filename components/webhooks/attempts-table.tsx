"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryStates } from "@/components/ui/query-states";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { attemptsQuery, type DeliveryAttempt, type Envelope, type ManualDelivery } from "./types";
import { pollingOptions } from "@/lib/client/polling";

/** Polls while the tab is visible, backing off while nothing changes. */
const POLLING = pollingOptions(5_000);

const TONE = { delivered: "success", retrying: "warning", failed: "danger", giving_up: "danger" } as const;

/** The endpoint's latest attempts (newest first), polled every 5 s; expand a row for the body excerpt; redeliver an event. */
export function AttemptsTable({ webhookId, canRedeliver, onRedelivered }: { webhookId: string; canRedeliver: boolean; onRedelivered: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const attempts = useQuery({
    queryKey: attemptsQuery(webhookId),
    queryFn: async () => (await apiFetch<Envelope<{ attempts: DeliveryAttempt[] }>>(`/v1/webhooks/${webhookId}/attempts?limit=100`)).data.attempts,
    ...POLLING,
  });
  const redeliver = useMutation({
    mutationFn: async (eventId: string) =>
      (await apiFetch<Envelope<ManualDelivery>>(`/v1/webhooks/${webhookId}/events/${eventId}/redeliver`, { method: "POST" })).data,
    onSettled: onRedelivered,
  });

  return (
    <Card>
      <CardHeader title="Delivery attempts" description="Most recent first; refreshes every few seconds." />
      {redeliver.isError && <Alert tone="danger" className="m-4">{errorMessage(redeliver.error)}</Alert>}
      <QueryStates
        query={attempts}
        what="attempts"
        empty={<EmptyState title="No deliveries yet" description="Attempts appear here as events are sent. Try “Send test event”." />}
      >
        {(rows) => (
          <Table caption="Delivery attempts">
            <THead>
              <Tr>
                <Th>Status</Th>
                <Th>Event</Th>
                <Th>Attempt</Th>
                <Th>Response</Th>
                <Th>Time</Th>
                <Th>Attempted</Th>
                <Th><span className="sr-only">Actions</span></Th>
              </Tr>
            </THead>
            <TBody>
              {rows.map((a) => (
                <Fragment key={a.attempt_id}>
                  <Tr>
                    <Td><StatusChip status={a.status} tone={TONE[a.status]} /></Td>
                    <Td>
                      <p className="font-mono text-xs">{a.event_type}</p>
                      <p className="font-mono text-[11px] text-slate-500">{a.event_id}</p>
                    </Td>
                    <Td>#{a.attempt_number}</Td>
                    <Td className="font-mono">{a.response_status === 0 ? "—" : a.response_status}</Td>
                    <Td className="whitespace-nowrap">{a.response_time_ms} ms</Td>
                    <Td className="whitespace-nowrap" title={formatDateTime(a.attempted_at)}>
                      {formatRelative(a.attempted_at)}
                      {a.next_retry_at && <p className="text-xs text-amber-700">retry {formatRelative(a.next_retry_at)}</p>}
                    </Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button variant="ghost" size="sm" aria-expanded={open === a.attempt_id} onClick={() => setOpen(open === a.attempt_id ? null : a.attempt_id)}>
                        {open === a.attempt_id ? "Hide" : "Details"}
                      </Button>
                      {canRedeliver && a.status !== "retrying" && (
                        <Button variant="secondary" size="sm" loading={redeliver.isPending && redeliver.variables === a.event_id} onClick={() => redeliver.mutate(a.event_id)}>
                          Redeliver
                        </Button>
                      )}
                    </Td>
                  </Tr>
                  {open === a.attempt_id && (
                    <Tr>
                      <Td colSpan={7} className="bg-slate-50">
                        {a.error_message && <p className="mb-2 text-sm text-red-700">{a.error_message}</p>}
                        <p className="text-xs font-medium text-slate-500">Response body (first 1 KB)</p>
                        <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono text-xs ring-1 ring-slate-200">{a.response_body_excerpt || "(empty)"}</pre>
                        <p className="mt-2 font-mono text-[11px] break-all text-slate-500">
                          t={a.request_timestamp} · signature={a.request_signature}
                        </p>
                      </Td>
                    </Tr>
                  )}
                </Fragment>
              ))}
            </TBody>
          </Table>
        )}
      </QueryStates>
    </Card>
  );
}
