"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { STATE_TONE, type EventSummary } from "@/components/events/types";
import { StatusChip } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryStates } from "@/components/ui/query-states";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { pollingOptions } from "@/lib/client/polling";

const POLLING = pollingOptions(10_000);

/**
 * Every event this watch raised (snapshot refreshes included), with how its deliveries went, each
 * linked to its detail: what reached the webhook, not only the forecast changes (issue 32).
 */
export function WatchEventsList({ watchId }: { watchId: string }) {
  const q = useQuery({
    queryKey: ["events", "watch", watchId],
    queryFn: () =>
      apiFetch<{ data: { events: EventSummary[]; has_more: boolean } }>(
        `/v1/events?watch_id=${encodeURIComponent(watchId)}&limit=20`,
      ),
    ...POLLING,
  });
  return (
    <Card className="mt-6">
      <CardHeader
        title="Delivered events"
        description="Every event this watch sent, newest first, and whether its webhook received it."
      />
      <QueryStates
        query={q}
        what="events"
        isEmpty={(d) => d.data.events.length === 0}
        empty={
          <EmptyState
            title="Nothing sent yet"
            description="The first refresh sends weather.snapshot_refreshed (when subscribed); changes send weather.change_detected."
          />
        }
      >
        {(d) => (
          <ul className="divide-y divide-slate-200">
            {d.data.events.map((e) => (
              <li key={e.event_id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
                <span className="w-40 shrink-0 text-xs text-slate-500">{formatDateTime(e.created_at)}</span>
                <Link
                  href={`/events/${e.event_id}`}
                  className="min-w-0 font-medium break-all text-indigo-700 underline"
                >
                  {e.type}
                </Link>
                <StatusChip status={e.delivery_state} tone={STATE_TONE[e.delivery_state]} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Card>
  );
}
