/** What changed for a trip watch between two refreshes (pure). */
import type { TripWatchEventRecord, WatchAlert, WatchChangeRules } from "@/drizzle/schema";
import { crossedDeltas, newSevereAlerts, type CrossedDelta } from "../change-rules";

export type TripEventChangeKind = "added" | "moved" | "removed" | "weather";

/** One affected event of a weather.change_detected payload. */
export interface TripEventChange {
  event_id: number;
  title: string;
  change: TripEventChangeKind;
  previous_risk: string | null;
  new_risk: string | null;
  starts_at: string | null;
  previous_starts_at: string | null;
  /** The change rules' thresholds crossed for this event (metrics and risk level). */
  changes: CrossedDelta[];
}

const moved = (a: TripWatchEventRecord, b: TripWatchEventRecord) =>
  a.starts_at !== b.starts_at || a.ends_at !== b.ends_at || a.place.lat !== b.place.lat || a.place.lng !== b.place.lng;

/**
 * Events added to the followed set, moved (time or place) or removed since the previous refresh
 * are always affected (the receiver learns what the watch now rates); any other event is affected
 * when one of the watch's change rules is crossed for it (its risk level, or a metric delta). The
 * first refresh has nothing to compare with and reports no change. An event that dropped out
 * because it is over is not "removed".
 */
export function tripEventChanges(
  rules: WatchChangeRules,
  prev: TripWatchEventRecord[] | null,
  next: TripWatchEventRecord[],
  stillTripEvent: (eventId: number) => boolean,
  hourStartMs: number,
): TripEventChange[] {
  if (prev === null) return [];
  const before = new Map(prev.map((e) => [e.event_id, e]));
  const out: TripEventChange[] = [];
  for (const e of next) {
    const p = before.get(e.event_id);
    const base = { event_id: e.event_id, title: e.title, new_risk: e.risk?.level ?? null, starts_at: e.starts_at };
    if (!p) {
      out.push({ ...base, change: "added", previous_risk: null, previous_starts_at: null, changes: [] });
      continue;
    }
    const crossed =
      p.metrics && e.metrics
        ? crossedDeltas(
            rules,
            { metrics: p.metrics, riskLevel: p.risk?.level ?? null },
            { metrics: e.metrics, riskLevel: e.risk?.level ?? null },
          )
        : [];
    const kind: TripEventChangeKind | null = moved(p, e) ? "moved" : crossed.length ? "weather" : null;
    if (kind)
      out.push({
        ...base,
        change: kind,
        previous_risk: p.risk?.level ?? null,
        previous_starts_at: p.starts_at,
        changes: crossed,
      });
  }
  const now = new Set(next.map((e) => e.event_id));
  for (const p of prev) {
    if (now.has(p.event_id)) continue;
    const over = Date.parse(p.ends_at ?? p.starts_at) <= hourStartMs;
    if (over && stillTripEvent(p.event_id)) continue;
    out.push({
      event_id: p.event_id,
      title: p.title,
      change: "removed",
      previous_risk: p.risk?.level ?? null,
      new_risk: null,
      starts_at: null,
      previous_starts_at: p.starts_at,
      changes: [],
    });
  }
  return out;
}

/** Severe alerts new on each event since the previous refresh, with the events each one touches. */
export function newTripAlerts(
  rules: WatchChangeRules,
  prev: TripWatchEventRecord[] | null,
  next: TripWatchEventRecord[],
): Array<{ alert: WatchAlert; event_ids: number[] }> {
  const before = new Map((prev ?? []).map((e) => [e.event_id, e.alerts]));
  const byId = new Map<string, { alert: WatchAlert; event_ids: number[] }>();
  for (const e of next) {
    for (const a of newSevereAlerts(rules, before.get(e.event_id) ?? [], e.alerts)) {
      const entry = byId.get(a.id) ?? { alert: a, event_ids: [] };
      entry.event_ids.push(e.event_id);
      byId.set(a.id, entry);
    }
  }
  return [...byId.values()];
}
