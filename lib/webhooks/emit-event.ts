import { and, arrayContains, eq, ne } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type DeliveryKind, type WebhookEventType } from "@/drizzle/schema";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { inngestEnabled } from "@/lib/jobs/mode";
import { log } from "@/lib/log";
import { delayBeforeAttemptMs, retrySchedule } from "./retry-schedule";

export interface EmitEventInput {
  /** Optional id to use for the event (e.g. the watch change event's UUID, so X-Service-Event-Id matches it). */
  eventId?: string;
  accountId: string;
  type: WebhookEventType;
  /** The event's `data` member (JSON-serialisable). */
  data: Record<string, unknown>;
  /** A watch's own webhook_url: delivered there too, signed with the account's watch signing secret. */
  watchTarget?: { url: string; watchId: string };
  /** Internal: leave this endpoint out (the endpoint whose failure produced the event). */
  excludeEndpointId?: string;
}

export interface EmittedEvent {
  eventId: string;
  createdAt: Date;
  deliveryIds: string[];
}

/** Inngest event that starts one delivery loop. */
export const DELIVERY_SCHEDULED_EVENT = "webhooks/delivery.scheduled";

/**
 * Records an event and creates one delivery chain per target: every active
 * endpoint of the account subscribed to the type, plus the watch's webhook_url
 * when given. Pass an open transaction to make the event part of a larger
 * change (it is then delivered only if that transaction commits).
 */
export async function emitEvent(input: EmitEventInput, db?: DbOrTx): Promise<EmittedEvent> {
  // Event and chains commit together (one commit, too, instead of two).
  const emitted = db ? await record(input, db) : await (await getDb()).transaction((tx) => record(input, tx));
  if (emitted.deliveryIds.length) await announce(emitted.deliveryIds);
  return emitted;
}

async function record(input: EmitEventInput, d: DbOrTx): Promise<EmittedEvent> {
  const [event] = await d
    .insert(webhookEvents)
    .values({ ...(input.eventId ? { id: input.eventId } : {}), accountId: input.accountId, type: input.type, data: input.data, watchId: input.watchTarget?.watchId ?? null })
    .returning({ id: webhookEvents.id, createdAt: webhookEvents.createdAt });

  const endpoints = await d
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, input.accountId),
        eq(webhookEndpoints.status, "active"),
        arrayContains(webhookEndpoints.events, [input.type]),
        input.excludeEndpointId ? ne(webhookEndpoints.id, input.excludeEndpointId) : undefined,
      ),
    );

  const targets: Array<{ kind: DeliveryKind; url: string; endpointId: string | null; watchId: string | null }> = endpoints.map((e) => ({
    kind: "endpoint",
    url: e.url,
    endpointId: e.id,
    watchId: input.watchTarget?.watchId ?? null,
  }));
  if (input.watchTarget) targets.push({ kind: "watch", url: input.watchTarget.url, endpointId: null, watchId: input.watchTarget.watchId });

  const deliveryIds = targets.length ? await createDeliveries(d, event.id, input.accountId, targets) : [];
  return { eventId: event.id, createdAt: event.createdAt, deliveryIds };
}

/** Inserts delivery chains due per the first entry of the retry schedule. */
export async function createDeliveries(
  d: DbOrTx,
  eventId: string,
  accountId: string,
  targets: Array<{ kind: DeliveryKind; url: string; endpointId: string | null; watchId: string | null }>,
): Promise<string[]> {
  const schedule = retrySchedule();
  const rows = targets.map((t) => {
    const single = t.kind === "manual" || t.kind === "test";
    const due = new Date(Date.now() + (single ? 0 : (delayBeforeAttemptMs(1, schedule) ?? 0)));
    return {
      eventId,
      accountId,
      endpointId: t.endpointId,
      watchId: t.watchId,
      kind: t.kind,
      url: t.url,
      maxAttempts: single ? 1 : schedule.length,
      nextAttemptAt: due,
      scheduledAt: due,
    };
  });
  const inserted = await d.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
  return inserted.map((r) => r.id);
}

/**
 * In Inngest mode each chain gets its own delivery loop. A lost send (or one
 * made before the caller's transaction commits) is recovered by the sweeper.
 */
export async function announce(deliveryIds: string[]): Promise<void> {
  if (!inngestEnabled()) return;
  try {
    const { inngest } = await import("@/inngest/client");
    await inngest.send(deliveryIds.map((id) => ({ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: id } })));
  } catch (err) {
    log.warn("inngest send failed; the sweeper will pick the deliveries up", { error: err, count: deliveryIds.length });
  }
}
