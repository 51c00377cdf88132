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
import Link from "next/link";
import { apiFetch } from "@/lib/client/api-fetch";
import { Label, Select } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/request-id-note";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { attemptsQuery, type DeliveryAttempt, type Envelope, type ManualDelivery } from "./types";
import { pollingOptions } from "@/lib/client/polling";

/** Polls while the tab is visible, backing off while nothing changes. */
const POLLING = pollingOptions(5_000);

/** A test event or a manual resend is one attempt, never retried: its failure is not a chain "giving up". */
export function attemptLabel(a: { status: string; delivery_kind?: string }): string | undefined {
  if (a.status !== "giving_up") return undefined;
  if (a.delivery_kind === "test") return "failed (test event, not retried)";
  if (a.delivery_kind === "manual") return "failed (resend, not retried)";
  return undefined;
}

const TONE = { delivered: "success", retrying: "warning", failed: "danger", giving_up: "danger" } as const;

/** The endpoint's latest attempts (newest first), polled every 5 s; expand a row for the body excerpt; redeliver an event. */
export function AttemptsTable({
  webhookId,
  canRedeliver,
  onRedelivered,
}: {
  webhookId: string;
  canRedeliver: boolean;
  onRedelivered: () => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const attempts = useQuery({
    queryKey: [...attemptsQuery(webhookId), status],
    queryFn: async () =>
      (
        await apiFetch<Envelope<{ attempts: DeliveryAttempt[] }>>(
          `/v1/webhooks/${webhookId}/attempts?limit=100${status ? `&status=${status}` : ""}`,
        )
      ).data.attempts,
    ...POLLING,
  });
  const redeliver = useMutation({
    mutationFn: async (eventId: string) =>
      (
        await apiFetch<Envelope<ManualDelivery>>(`/v1/webhooks/${webhookId}/events/${eventId}/redeliver`, {
          method: "POST",
        })
      ).data,
    onSettled: onRedelivered,
  });
  const result = redeliver.data?.attempt;

  return (
    <Card>
      <CardHeader
        title="Delivery attempts"
        description="Most recent first, grouped by event; refreshes every few seconds."
        actions={
          <span className="flex items-center gap-2">
            <Label htmlFor="attempt-status" className="sr-only">
              Filter attempts by status
            </Label>
            <Select id="attempt-status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              <option value="delivered">Delivered</option>
              <option value="retrying">Retrying</option>
              <option value="failed">Failed (superseded)</option>
              <option value="giving_up">Giving up</option>
            </Select>
          </span>
        }
      />
      {redeliver.isError && (
        <Alert tone="danger" className="m-4">
          <ErrorText error={redeliver.error} />
        </Alert>
      )}
      {result && (
        <Alert tone={result.status === "delivered" ? "success" : "danger"} className="m-4" title="Redelivered">
          New attempt{" "}
          {result.status === "delivered"
            ? `delivered (HTTP ${result.response_status})`
            : `failed: ${result.error_message ?? `HTTP ${result.response_status}`}`}
          .
        </Alert>
      )}
      <QueryStates
        query={attempts}
        what="attempts"
        empty={
          <EmptyState
            title="No deliveries yet"
            description="Attempts appear here as events are sent. Try “Send test event”."
          />
        }
      >
        {(rows) => (
          <Table caption="Delivery attempts" stacked>
            <THead>
              <Tr>
                <Th>Status</Th>
                <Th>Event</Th>
                <Th>Attempt</Th>
                <Th>Response</Th>
                <Th>Time</Th>
                <Th>Attempted</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {rows.map((a, i) => (
                <Fragment key={a.attempt_id}>
                  {rows.findIndex((r) => r.event_id === a.event_id) === i && (
                    <Tr className="bg-slate-50">
                      <Td colSpan={7} className="py-1.5 text-xs">
                        <Link href={`/events/${a.event_id}`} className="font-medium text-indigo-700 underline">
                          {a.event_type} · {a.event_id.slice(0, 8)}…
                        </Link>
                      </Td>
                    </Tr>
                  )}
                  <Tr>
                    <Td label="Status">
                      <StatusChip status={a.status} tone={TONE[a.status]} label={attemptLabel(a)} />
                    </Td>
                    <Td label="Event">
                      <div className="min-w-0 break-all">
                        <p className="font-mono text-xs">{a.event_type}</p>
                        <p className="font-mono text-[11px] text-slate-600">{a.event_id}</p>
                      </div>
                    </Td>
                    <Td label="Attempt">
                      {a.delivery_kind === "manual"
                        ? "Redelivery"
                        : a.delivery_kind === "test"
                          ? "Test"
                          : `#${a.attempt_number}`}
                    </Td>
                    <Td label="Response" className="font-mono">
                      {a.response_status === 0 ? "—" : a.response_status}
                    </Td>
                    <Td label="Time" className="whitespace-nowrap">
                      {a.response_time_ms} ms
                    </Td>
                    <Td label="Attempted" className="whitespace-nowrap" title={formatDateTime(a.attempted_at)}>
                      {formatRelative(a.attempted_at)}
                      {a.next_retry_at && (
                        <p className="text-xs text-amber-700">retry {formatRelative(a.next_retry_at)}</p>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap text-right max-sm:flex-wrap max-sm:justify-end">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-expanded={open === a.attempt_id}
                        onClick={() => setOpen(open === a.attempt_id ? null : a.attempt_id)}
                      >
                        {open === a.attempt_id ? "Hide" : "Details"}
                      </Button>
                      {canRedeliver && a.status !== "retrying" && (
                        <Button
                          variant="secondary"
                          size="sm"
                          loading={redeliver.isPending && redeliver.variables === a.event_id}
                          onClick={() => redeliver.mutate(a.event_id)}
                        >
                          Redeliver
                        </Button>
                      )}
                    </Td>
                  </Tr>
                  {open === a.attempt_id && (
                    <Tr>
                      <Td colSpan={7} className="min-w-0 bg-slate-50 max-sm:block">
                        {/* Width 0 then stretched to the cell: the details never widen the table (and its card) to their longest line; long lines wrap. */}
                        <div className="w-0 min-w-full">
                          {a.error_message && <p className="mb-2 text-sm text-red-700">{a.error_message}</p>}
                          <p className="text-xs font-medium text-slate-500">Response body (first 1 KB)</p>
                          <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap ring-1 ring-slate-200">
                            {a.response_body_excerpt || "(empty)"}
                          </pre>
                          <p className="mt-2 text-xs font-medium text-slate-500">Request headers</p>
                          <pre className="mt-1 overflow-auto rounded bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap ring-1 ring-slate-200">
                            {a.request_headers
                              ? Object.entries(a.request_headers)
                                  .map(([k, v]) => `${k}: ${v}`)
                                  .join("\n")
                              : `t=${a.request_timestamp} · signature=${a.request_signature}`}
                          </pre>
                          <p className="mt-2 text-xs font-medium text-slate-500">Request body (as sent)</p>
                          <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap ring-1 ring-slate-200">
                            {a.request_body ?? "(not recorded)"}
                          </pre>
                        </div>
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
