import { and, eq, gte } from "drizzle-orm";
import { watches, webhookEvents } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { listAttemptLog, type AttemptFilters } from "./attempt-log";
import { createDeliveries } from "@/lib/events/emit-event";
import { webhookVisibleSince } from "./retention";
import { attemptNow, redeliverEvent } from "./manual-delivery";

async function ownedWatch(accountId: string, watchId: string) {
  const db = await getDb();
  const [w] = await db
    .select({ id: watches.id, webhookUrl: watches.webhookUrl, webhookEndpointId: watches.webhookEndpointId })
    .from(watches)
    .where(and(eq(watches.id, watchId), eq(watches.accountId, accountId)))
    .limit(1);
  if (!w) throw notFound("Watch");
  return w;
}

/** Attempts of deliveries to the watch's own webhook_url (and their redeliveries). */
export async function listWatchAttempts(accountId: string, watchId: string, filters: AttemptFilters) {
  await ownedWatch(accountId, watchId);
  return { watch_id: watchId, ...(await listAttemptLog(accountId, { watchId }, filters)) };
}

/**
 * Sends one of the watch's events to its webhook_url again (same event id,
 * fresh timestamp and signature with the account's watch signing secret), as
 * one immediate attempt.
 */
export async function redeliverToWatch(accountId: string, watchId: string, eventId: string) {
  const w = await ownedWatch(accountId, watchId);
  const db = await getDb();
  const [event] = await db
    .select({ id: webhookEvents.id, createdAt: webhookEvents.createdAt })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.id, eventId),
        eq(webhookEvents.accountId, accountId),
        eq(webhookEvents.watchId, watchId),
        gte(webhookEvents.createdAt, webhookVisibleSince(accountId)),
      ),
    )
    .limit(1);
  if (!event) throw notFound("Event");
  // A watch on a registered endpoint redelivers through it (its secret, its attempt log).
  if (w.webhookEndpointId) {
    const r = await redeliverEvent(accountId, w.webhookEndpointId, event.id);
    return {
      event_id: r.event_id,
      delivery_id: r.delivery_id,
      watch_id: watchId,
      attempt_id: r.attempt_id,
      attempt: r.attempt,
    };
  }
  if (!w.webhookUrl) throw notFound("Watch webhook_url");
  const [deliveryId] = await createDeliveries(db, event, accountId, [
    { kind: "manual", url: w.webhookUrl, endpointId: null, watchId },
  ]);
  const attempt = await attemptNow(deliveryId);
  return {
    event_id: event.id,
    delivery_id: deliveryId,
    watch_id: watchId,
    attempt_id: attempt?.attempt_id ?? null,
    attempt,
  };
}
