/** Rating a trip watch's followed events on their cells' snapshots (pure given the snapshots). */
import type { TripWatchEventRecord, WatchAlert } from "@/drizzle/schema";
import { evaluateWindow, type SnapshotResult } from "@/lib/weather";
import { watchAlert, watchMetrics } from "../window-weather";
import { LEVEL_RANK, type RiskLevel } from "@/lib/weather/core";
import type { FollowedEvent } from "./followed-events";

const HOUR = 3_600_000;

export interface RatedEvent {
  record: TripWatchEventRecord;
  /** The snapshot the event's worst place was judged on (the watch's latest_snapshot when it is the trip's worst). */
  snapshot: SnapshotResult | null;
}

/**
 * Each followed event judged at each of its places (a flight: departure and arrival) on what is
 * left of its window from the current hour, with its own activity profile; the event's risk is its
 * worst place's. An event that has ended is no longer followed (null).
 */
export function rateEvent(
  e: FollowedEvent,
  snapshotAt: (p: { lat: number; lng: number }) => SnapshotResult,
  now: Date,
): RatedEvent | null {
  const hourStart = Math.floor(now.getTime() / HOUR) * HOUR;
  let best: { rank: number; snap: SnapshotResult; ev: ReturnType<typeof evaluateWindow> } | null = null;
  let judgedAny = false;
  const alerts = new Map<string, WatchAlert>();
  for (const p of e.places) {
    if (p.endMs <= hourStart) continue;
    judgedAny = true;
    const snap = snapshotAt(p.geo);
    const ev = evaluateWindow(snap.snapshot.forecast, {
      startMs: Math.max(p.startMs, hourStart),
      endMs: p.endMs,
      activityType: e.activityType,
    });
    for (const a of ev.metrics.alerts ?? []) alerts.set(a.id, watchAlert(a));
    if (ev.metrics.observed_at === null) continue;
    const rank = LEVEL_RANK[ev.risk.level as RiskLevel] ?? 0;
    if (!best || rank > best.rank) best = { rank, snap, ev };
  }
  if (!judgedAny) return null;
  const r = e.row;
  const place = e.places[0].geo;
  const m = best?.ev.metrics;
  return {
    snapshot: best?.snap ?? null,
    record: {
      event_id: r.id,
      type: r.type,
      title: r.title,
      starts_at: r.startAt.toISOString(),
      ends_at: r.endAt ? r.endAt.toISOString() : null,
      activity_type: e.activityType,
      outdoor: e.outdoor,
      place: { lat: place.lat, lng: place.lng, name: place.name ?? null },
      forecast_available: best !== null,
      snapshot_id: best?.snap.snapshot.id ?? null,
      metrics: m ? watchMetrics(m) : null,
      alerts: [...alerts.values()],
      risk: best
        ? {
            level: best.ev.risk.level,
            recommendation: best.ev.risk.recommendation ?? null,
            reasons: best.ev.risk.reasons,
          }
        : null,
    },
  };
}

/** Whether an event's risk is at or above a level. */
export function atOrAbove(level: string | null | undefined, threshold: RiskLevel): boolean {
  if (!level) return false;
  return (LEVEL_RANK[level as RiskLevel] ?? -1) >= LEVEL_RANK[threshold];
}
