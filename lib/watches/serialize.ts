import type { watches } from "@/drizzle/schema";

type WatchRow = typeof watches.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The creation response shape (spec "Create watch"). */
export function serializeWatchCreated(
  w: Omit<WatchRow, "latestSnapshot" | "latestRisk" | "claimToken" | "claimedUntil" | "lastError">,
) {
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
    webhook_id: w.webhookEndpointId,
    change_rules: w.changeRules,
    next_check_at: iso(w.nextCheckAt),
    created_at: w.createdAt.toISOString(),
    planner_threshold: w.tripState?.planner_threshold ?? null,
  };
}
