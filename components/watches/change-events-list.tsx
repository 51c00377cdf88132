import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/client/format";
import type { WatchDetail } from "./types";

const TONE: Record<string, "warning" | "danger" | "neutral" | "info"> = {
  "weather.change_detected": "warning",
  "weather.severe_alert_added": "danger",
  "weather.watch_expired": "neutral",
  "weather.watch_failed": "danger",
};

type Change = { metric: string; previous: unknown; current: unknown; delta: number | null; threshold: number | null };

function summary(e: WatchDetail["recent_change_events"][number]): string {
  const d = e.data;
  if (Array.isArray(d.changes)) {
    return (d.changes as Change[])
      .map((c) =>
        c.delta === null
          ? `${c.metric}: ${String(c.previous)} → ${String(c.current)}`
          : `${c.metric} ${c.delta > 0 ? "+" : ""}${c.delta} (≥ ${c.threshold})`,
      )
      .join(", ");
  }
  const alert = d.alert as { event?: string; severity?: string } | undefined;
  if (alert) return `${alert.event ?? "Alert"} (${alert.severity ?? "severe"})`;
  if (typeof d.last_error === "string") return d.last_error;
  return "";
}

/** The watch's recent change events, newest first. */
export function ChangeEventsList({ events }: { events: WatchDetail["recent_change_events"] }) {
  return (
    <Card className="mt-6">
      <CardHeader
        title="Change events"
        description="Sent to the webhook URL; the event id is the X-Service-Event-Id header."
      />
      {events.length === 0 ? (
        <EmptyState
          title="No changes yet"
          description="Events appear when the forecast crosses one of the watch's rules or a severe alert is issued."
        />
      ) : (
        <ul className="divide-y divide-slate-200">
          {events.map((e) => (
            <li key={e.event_id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
              <span className="w-40 shrink-0 text-xs text-slate-500">{formatDateTime(e.created_at)}</span>
              <Badge tone={TONE[e.type] ?? "info"}>{e.type.replace("weather.", "")}</Badge>
              <span className="min-w-0 flex-1 text-sm text-slate-700">{summary(e)}</span>
              <code className="font-mono text-xs text-slate-600">{e.event_id.slice(0, 8)}</code>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
