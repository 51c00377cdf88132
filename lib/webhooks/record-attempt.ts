import { sql } from "drizzle-orm";
import { webhookAttempts, type AttemptStatus } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { surviveOutage } from "@/lib/db/outage";
import { queryOne } from "@/lib/db/sql";
import type { ClaimedDelivery } from "./claim-deliveries";
import type { AttemptFacts, AttemptRecord } from "./attempt-types";
import { chainDelayMs } from "@/lib/events/retry-schedule";
import { afterEndpointFailure } from "./auto-disable";
import { emitEvent } from "@/lib/events/emit-event";
import { RECORD_OUTAGE_WAIT_MS, recordSuccessBatched, successesRecorded } from "./record-success-batch";

export type { AttemptFacts, AttemptRecord };

/** Meta events are not themselves reported as failed deliveries (no cascades). */
const META_EVENTS = new Set(["weather.webhook_delivery_failed", "weather.webhook_endpoint_disabled"]);

/**
 * Records one finished attempt and moves the chain on, in one transaction:
 * the chain row (guarded by the claim's lease, so a worker that lost its lease
 * records nothing), the attempt row, the endpoint's counters and the
 * auto-disable check, and `weather.webhook_delivery_failed` when the chain is
 * exhausted. Lock order is always delivery row, then endpoint row.
 */
export async function recordAttempt(
  claim: ClaimedDelivery,
  event: { type: string },
  a: AttemptFacts,
): Promise<AttemptRecord | undefined> {
  const ok = a.result.status >= 200 && a.result.status < 300 && a.result.error === null;
  // 410 Gone: the receiver says the endpoint no longer exists; the chain ends and the endpoint is
  // disabled, whatever the delivery was (a test event or a redelivery too: the receiver's answer
  // is about the URL, not the message; Standard Webhooks).
  const gone = !ok && a.result.status === 410 && claim.endpointId !== null;
  const last = gone || claim.attemptNumber >= claim.maxAttempts;
  const status: AttemptStatus = ok ? "delivered" : last ? "giving_up" : "retrying";
  // The chain's own stored schedule, never the worker's current setting.
  const delay = ok || last ? null : chainDelayMs(claim.retryScheduleMs, claim.attemptNumber + 1);
  const nextRetryAt = delay === null ? null : new Date(a.completedAt.getTime() + delay);
  if (ok) return recordSuccessBatched(claim, event, a);
  // The successes this process queued before this failure commit first, so its recount sees them.
  await successesRecorded();

  // Waits out a database restart like the success record (record-success-batch.ts).
  return surviveOutage(
    () => recordFailure(claim, event, a, { ok, last, gone, status, nextRetryAt }),
    RECORD_OUTAGE_WAIT_MS,
  );
}

async function recordFailure(
  claim: ClaimedDelivery,
  event: { type: string },
  a: AttemptFacts,
  o: { ok: boolean; last: boolean; gone: boolean; status: AttemptStatus; nextRetryAt: Date | null },
): Promise<AttemptRecord | undefined> {
  const { ok, last, gone, status, nextRetryAt } = o;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const moved = await queryOne<{ id: string }>(
      tx,
      sql`UPDATE webhook_deliveries SET
            attempts_made = attempts_made + 1,
            status = ${ok ? "delivered" : last ? "giving_up" : "pending"},
            next_attempt_at = ${nextRetryAt?.toISOString() ?? null}::timestamptz,
            scheduled_at = ${nextRetryAt ? sql`${nextRetryAt.toISOString()}::timestamptz` : sql`scheduled_at`},
            lease_id = NULL,
            attempt_started_at = NULL,
            paced_slot_at = NULL,
            completed_at = ${nextRetryAt ? null : a.completedAt.toISOString()}::timestamptz
          WHERE id = ${claim.id} AND lease_id = ${claim.leaseId} AND status = 'pending'
            AND attempts_made = ${claim.attemptNumber - 1}
          RETURNING id`,
    );
    if (!moved) return undefined; // lease lost: another worker owns this chain now

    const [row] = await tx
      .insert(webhookAttempts)
      .values({
        deliveryId: claim.id,
        eventId: claim.eventId,
        eventType: event.type,
        endpointId: claim.endpointId,
        accountId: claim.accountId,
        attemptNumber: claim.attemptNumber,
        status,
        responseStatus: a.result.status,
        responseTimeMs: a.result.timeMs,
        responseBodyExcerpt: a.result.bodyExcerpt,
        errorMessage: a.result.error,
        requestSignature: a.signature,
        requestTimestamp: a.timestamp,
        scheduledAt: claim.scheduledAt,
        attemptedAt: a.attemptedAt,
        completedAt: a.completedAt,
        nextRetryAt,
        requestBody: a.sent?.body ?? null,
        requestHeaders: a.sent?.headers ?? null,
        responseHeaders: a.result.headers ?? null,
      })
      .returning({ id: webhookAttempts.id });

    if (claim.endpointId) await afterEndpointFailure(tx, claim.endpointId, claim.accountId, a.completedAt, { gone });
    if (
      status === "giving_up" &&
      (claim.kind === "endpoint" || claim.kind === "watch") &&
      !META_EVENTS.has(event.type)
    ) {
      await reportExhausted(tx, claim, event.type, claim.attemptNumber);
    }
    return { attemptId: row.id, deliveryId: claim.id, attemptNumber: claim.attemptNumber, status, nextRetryAt };
  });
}

export type ExhaustedChain = Pick<
  ClaimedDelivery,
  "id" | "accountId" | "eventId" | "endpointId" | "watchId" | "kind" | "url"
>;

/** Emits `weather.webhook_delivery_failed` for a chain that gave up (also used by the sweeper's repair). */
export async function reportExhausted(
  tx: Tx,
  claim: ExhaustedChain,
  eventType: string,
  attempts: number,
): Promise<void> {
  if (!(claim.kind === "endpoint" || claim.kind === "watch") || META_EVENTS.has(eventType)) return;
  await emitEvent(
    {
      accountId: claim.accountId,
      type: "weather.webhook_delivery_failed",
      data: {
        event_id: claim.eventId,
        event_type: eventType,
        delivery_id: claim.id,
        webhook_id: claim.endpointId,
        watch_id: claim.kind === "watch" ? claim.watchId : null,
        target: claim.kind === "watch" ? "watch_webhook_url" : "webhook_endpoint",
        url: claim.url,
        attempts,
      },
      excludeEndpointId: claim.endpointId ?? undefined,
    },
    tx,
  );
}
