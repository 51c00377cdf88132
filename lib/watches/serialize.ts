import type { watches, watchEvents } from "@/drizzle/schema";

type WatchRow = typeof watches.$inferSelect;
type WatchEventRow = typeof watchEvents.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Freshness of a forecast snapshot (DESIGN 5): fresh <= 60 min, stale <= 6 h, else expired. */
export function freshnessBand(fetchedAt: string, now = new Date()): "fresh" | "stale" | "expired" {
  const age = now.getTime() - new Date(fetchedAt).getTime();
  if (age <= 60 * 60_000) return "fresh";
  if (age <= 6 * 3600_000) return "stale";
  return "expired";
}

/** The creation response shape (spec "Create watch"). */
export function serializeWatchCreated(w: Omit<WatchRow, "latestSnapshot" | "latestRisk" | "claimToken" | "claimedUntil" | "lastError">) {
  return {
    watch_id: w.id,
    status: w.status,
    target_type: w.targetType,
    target_ref: w.targetRef,
    latitude: w.latitude,
    longitude: w.longitude,
    place_type: w.placeType,
    activity_type: w.activityType,
    transport_mode: w.transportMode,
    outdoor: w.outdoor,
    starts_at: w.startsAt.toISOString(),
    ends_at: w.endsAt.toISOString(),
    webhook_url: w.webhookUrl,
    change_rules: w.changeRules,
    next_check_at: iso(w.nextCheckAt),
    created_at: w.createdAt.toISOString(),
  };
}

export function serializeChangeEvent(e: WatchEventRow) {
  return { event_id: e.id, type: e.type, created_at: e.createdAt.toISOString(), snapshot_id: e.snapshotId, data: e.data };
}
export type ChangeEventView = ReturnType<typeof serializeChangeEvent>;

/** The full read shape (spec "Additional fields on a read"); events as rows or already serialized. */
export function serializeWatch(w: WatchRow, events: Array<WatchEventRow | ChangeEventView>, now = new Date()) {
  const s = w.latestSnapshot;
  return {
    ...serializeWatchCreated(w),
    last_checked_at: iso(w.lastCheckedAt),
    last_risk_level: w.lastRiskLevel,
    failure_count: w.failureCount,
    updated_at: w.updatedAt.toISOString(),
    expired_at: iso(w.expiredAt),
    paused_at: iso(w.pausedAt),
    latest_snapshot: s
      ? {
          snapshot_id: s.snapshot_id,
          forecast_type: s.forecast_type,
          valid_from: s.valid_from,
          valid_to: s.valid_to,
          fetched_at: s.fetched_at,
          freshness_band: freshnessBand(s.fetched_at, now),
          metrics: s.metrics,
          alerts: s.alerts,
        }
      : null,
    latest_risk: w.latestRisk ?? null,
    recent_change_events: events.map((e) => ("event_id" in e ? e : serializeChangeEvent(e))),
  };
}

export type WatchView = ReturnType<typeof serializeWatch>;
