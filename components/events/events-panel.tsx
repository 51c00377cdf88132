"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Label, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { pollingOptions } from "@/lib/client/polling";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { STATE_TONE, type EventSummary } from "./types";

const POLLING = pollingOptions(10_000);
const SINCE = { "": "Any time", "1h": "Last hour", "24h": "Last 24 hours", "7d": "Last 7 days" } as const;
const SINCE_MS: Record<string, number> = { "1h": 3600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 };

/** Every event of the account: filter by type, delivery state and time, or jump to an event by id. */
export function EventsPanel() {
  const router = useRouter();
  const [filters, setFilters] = useState({ type: "", status: "", since: "" });
  const [cursor, setCursor] = useState<string | null>(null);
  const [sinceChoice, setSinceChoice] = useState("");
  const qs = new URLSearchParams();
  if (filters.type) qs.set("type", filters.type);
  if (filters.status) qs.set("status", filters.status);
  if (filters.since) qs.set("since", filters.since);
  if (cursor) qs.set("cursor", cursor);
  const q = useQuery({
    queryKey: ["events", filters, cursor],
    queryFn: () =>
      apiFetch<{ data: { events: EventSummary[]; has_more: boolean; next_cursor: string | null } }>(`/v1/events?${qs}`),
    ...POLLING,
  });

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const id = String(f.get("event_id") ?? "").trim();
    if (id) return router.push(`/events/${encodeURIComponent(id)}`);
    setCursor(null);
    const window = String(f.get("since") ?? "");
    // The instant is fixed when the filter is applied (the query key stays stable while polling).
    const since = window ? new Date(Date.now() - SINCE_MS[window]).toISOString() : "";
    setSinceChoice(window);
    setFilters({ type: String(f.get("type") ?? ""), status: String(f.get("status") ?? ""), since });
  }

  return (
    <>
      <PageHeader
        title="Events"
        description="Every event of your account (watch events, delivery failures, disabled endpoints, test events) and how its deliveries went."
      />
      <Card>
        <form
          onSubmit={apply}
          className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-5 sm:items-end sm:p-6"
          aria-label="Filter events"
        >
          <div className="space-y-1.5">
            <Label htmlFor="ev-type">Type</Label>
            <Select id="ev-type" name="type" defaultValue={filters.type}>
              <option value="">Any type</option>
              {WEBHOOK_EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ev-status">Delivery</Label>
            <Select id="ev-status" name="status" defaultValue={filters.status}>
              <option value="">Any</option>
              <option value="delivered">Delivered</option>
              <option value="failed">Failed</option>
              <option value="pending">Pending</option>
              <option value="no_targets">No targets</option>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ev-since">Time</Label>
            <Select id="ev-since" name="since" defaultValue={sinceChoice}>
              {Object.entries(SINCE).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ev-id">Event id</Label>
            <Input id="ev-id" name="event_id" placeholder="Go to an event" />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </form>
        <QueryStates
          query={q}
          what="events"
          isEmpty={(d) => d.data.events.length === 0}
          empty={
            <EmptyState
              title="No events match"
              description="Send a test event from a webhook endpoint, or change the filters."
            />
          }
        >
          {(d) => (
            <>
              <Table caption="Events" stacked>
                <THead>
                  <Tr>
                    <Th>Event</Th>
                    <Th>Delivery</Th>
                    <Th>Created</Th>
                    <Th>Targets</Th>
                  </Tr>
                </THead>
                <TBody>
                  {d.data.events.map((e) => (
                    <Tr key={e.event_id}>
                      <Td label="Event" className="max-sm:flex-wrap">
                        <Link href={`/events/${e.event_id}`} className="font-medium text-indigo-700 underline">
                          {e.type}
                        </Link>
                        {e.test && <span className="ml-2 text-xs text-slate-600">(test)</span>}
                        <div className="font-mono text-xs text-slate-600">{e.event_id.slice(0, 8)}…</div>
                      </Td>
                      <Td label="Delivery">
                        <StatusChip status={e.delivery_state} tone={STATE_TONE[e.delivery_state]} />
                      </Td>
                      <Td label="Created" className="whitespace-nowrap">
                        {formatDateTime(e.created_at)}
                      </Td>
                      <Td label="Targets">{e.targets}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              {(cursor || d.data.has_more) && (
                <div className="flex gap-2 p-4">
                  {cursor && (
                    <Button variant="secondary" size="sm" onClick={() => setCursor(null)}>
                      Newest
                    </Button>
                  )}
                  {d.data.has_more && (
                    <Button variant="secondary" size="sm" onClick={() => setCursor(d.data.next_cursor)}>
                      Older
                    </Button>
                  )}
                </div>
              )}
            </>
          )}
        </QueryStates>
      </Card>
    </>
  );
}
