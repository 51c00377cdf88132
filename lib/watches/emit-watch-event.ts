import { watchEvents, type WatchEventType, type watches } from "@/drizzle/schema";
import type { Tx } from "@/lib/db/client";
import { emitEvent } from "@/lib/events/emit-event";

type WatchRow = typeof watches.$inferSelect;

/** The fields every watch event carries, so a receiver needs no second lookup. */
export function watchEventBase(w: WatchRow) {
  return {
    watch_id: w.id,
    target_type: w.targetType,
    target_ref: w.targetRef,
    location: { lat: w.latitude, lng: w.longitude, place_type: w.placeType },
    activity_type: w.activityType,
    transport_mode: w.transportMode,
    window: { starts_at: w.startsAt.toISOString(), ends_at: w.endsAt.toISOString() },
  };
}

/**
 * Records the change event and hands it to webhook delivery in the caller's
 * transaction: the state change and its events commit together or not at all.
 */
export async function recordWatchEvent(
  tx: Tx,
  w: WatchRow,
  type: WatchEventType,
  data: Record<string, unknown>,
  snapshotId: string | null = null,
): Promise<string> {
  const payload = { ...watchEventBase(w), ...data };
  const [row] = await tx
    .insert(watchEvents)
    .values({ watchId: w.id, accountId: w.accountId, type, snapshotId, data: payload })
    .returning({ id: watchEvents.id });
  // Same id end to end: X-Service-Event-Id is the change event's UUID.
  // A watch on a registered endpoint (webhook_id) has no target of its own: the endpoint gets the
  // event through the account's subscribed endpoints, with the watch id on the chain.
  const watchTarget = w.webhookUrl ? { url: w.webhookUrl, watchId: w.id } : undefined;
  await emitEvent({ eventId: row.id, accountId: w.accountId, type, data: payload, watchTarget, watchId: w.id }, tx);
  return row.id;
}
