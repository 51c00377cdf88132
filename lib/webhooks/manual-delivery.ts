import { and, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { webhookAttempts, webhookDeliveries, webhookEvents, type WebhookEndpointRow } from "@/drizzle/schema";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { getDb } from "@/lib/db/client";
import { noteDatabaseError } from "@/lib/db/outage";
import { log } from "@/lib/log";
import { ApiError, notFound } from "@/lib/http/errors";
import { performHeld } from "./attempt-delivery";
import { claimForInlineAttempt } from "./claim-deliveries";
import { createDeliveries } from "@/lib/events/emit-event";
import { webhookVisibleSince } from "./retention";
import { ownedEndpoint } from "./endpoints";
import { presentAttempt, type PresentedAttempt } from "./present";

export const SendTestEventInput = z.strictObject({
  event_type: z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }).optional(),
});

export interface ManualDeliveryResult {
  event_id: string;
  delivery_id: string;
  webhook_id: string;
  /** The new attempt's id; null when another worker happened to take it (see the attempts list). */
  attempt_id: string | null;
  /** The attempt made inline; null when another worker happened to take it (see the attempts list). */
  attempt: PresentedAttempt | null;
}

function assertActive(e: WebhookEndpointRow) {
  if (e.status !== "active") {
    throw new ApiError("conflict", "This webhook endpoint is disabled and receives nothing; create a new endpoint.", {
      details: { webhook_id: e.id, status: e.status },
    });
  }
}

/**
 * "Send test event" (as in Stripe/Svix): records an event of the chosen type
 * (default: the endpoint's first subscribed type) whose data says `test: true`,
 * and makes one signed attempt at once, returning its result. A single
 * attempt, no retries; it counts toward failure_count like any attempt.
 */
export async function sendTestEvent(
  accountId: string,
  webhookId: string,
  input: z.output<typeof SendTestEventInput>,
): Promise<ManualDeliveryResult> {
  const endpoint = await ownedEndpoint(accountId, webhookId);
  assertActive(endpoint);
  const type = input.event_type ?? (endpoint.events[0] as (typeof WEBHOOK_EVENT_TYPES)[number]);
  const db = await getDb();
  // The event and its delivery commit together: never an event stored without the delivery that sends it.
  const { event, deliveryId } = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        accountId,
        type,
        data: {
          test: true,
          webhook_id: webhookId,
          message: "Test event sent from the webhook endpoint's 'Send test event' action.",
        },
      })
      .returning({ id: webhookEvents.id, createdAt: webhookEvents.createdAt });
    const [deliveryId] = await createDeliveries(tx, event, accountId, [
      { kind: "test", url: endpoint.url, endpointId: endpoint.id, watchId: null },
    ]);
    return { event, deliveryId };
  });
  const attempt = await attemptAfterCommit(deliveryId);
  return {
    event_id: event.id,
    delivery_id: deliveryId,
    webhook_id: webhookId,
    attempt_id: attempt?.attempt_id ?? null,
    attempt,
  };
}

/**
 * Manual redelivery: sends an existing event of the account to this endpoint
 * again, as a new single-attempt delivery with the same event id (receivers
 * deduplicate on X-Service-Event-Id). The endpoint must be active and either
 * subscribed to the event's type or have been sent the event before.
 */
export async function redeliverEvent(
  accountId: string,
  webhookId: string,
  eventId: string,
): Promise<ManualDeliveryResult> {
  const endpoint = await ownedEndpoint(accountId, webhookId);
  const db = await getDb();
  const [event] = await db
    .select()
    .from(webhookEvents)
    // An event older than the account's own retention is gone for it (still stored until the longest retention).
    .where(
      and(
        eq(webhookEvents.id, eventId),
        eq(webhookEvents.accountId, accountId),
        gte(webhookEvents.createdAt, webhookVisibleSince(accountId)),
      ),
    )
    .limit(1);
  if (!event) throw notFound("Event");
  assertActive(endpoint);
  if (!endpoint.events.includes(event.type)) {
    const [prior] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, webhookId)))
      .limit(1);
    if (!prior) {
      throw new ApiError(
        "conflict",
        `This endpoint is not subscribed to ${event.type} and was never sent this event.`,
        {
          details: { event_id: eventId, event_type: event.type },
        },
      );
    }
  }
  const [deliveryId] = await createDeliveries(db, event, accountId, [
    { kind: "manual", url: endpoint.url, endpointId: endpoint.id, watchId: event.watchId },
  ]);
  const attempt = await attemptAfterCommit(deliveryId);
  return {
    event_id: event.id,
    delivery_id: deliveryId,
    webhook_id: webhookId,
    attempt_id: attempt?.attempt_id ?? null,
    attempt,
  };
}

/**
 * The inline attempt of a delivery that is already committed. A database failure from here on
 * must not answer 5xx (docs/idempotency.md: a 5xx means nothing was written; a client retrying
 * would create a second event): the answer is what was committed, with `attempt: null`, and the
 * chain, still pending, is attempted by the runner like any other (issue 40 item 5).
 */
async function attemptAfterCommit(deliveryId: string): Promise<PresentedAttempt | null> {
  try {
    return await attemptNow(deliveryId);
  } catch (err) {
    if (!noteDatabaseError(err)) throw err;
    log.warn("inline attempt of a committed delivery failed on the database; the runner attempts it", {
      delivery_id: deliveryId,
    });
    return null;
  }
}

/** Claims a fresh single-attempt delivery and makes its attempt inline (null if another worker took it). */
export async function attemptNow(deliveryId: string): Promise<PresentedAttempt | null> {
  const db = await getDb();
  const claim = await claimForInlineAttempt(db, deliveryId);
  if (!claim) return null;
  const outcome = await performHeld(claim);
  if (!("attemptId" in outcome)) return null;
  const [row] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.id, outcome.attemptId)).limit(1);
  return presentAttempt(row);
}
