import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { webhookEndpoints, webhookEvents, type WebhookEndpointRow, type WebhookEventRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { countDeliveryAttempt } from "@/lib/platform/metrics";
import { LeaseHeartbeat } from "@/lib/jobs/lease-heartbeat";
import { claimDelivery, claimDueDeliveries, renewLeases, type ClaimedDelivery } from "./claim-deliveries";
import { markAttemptStarted } from "./mark-attempt-started";
import { KeyedPool } from "./delivery-pool";
import { postSigned, requestHeaders, type PostResult } from "./post-signed";
import { recordAttempt, type AttemptRecord } from "./record-attempt";
import { eventEnvelope } from "./signing";
import { endpointSecrets, signatureHeadersFor } from "./secret-rotation";
import { standardWebhookHeaders } from "./standard-webhooks";
import { isPaced, MAX_DEFERRALS, paceAttempt, pauseForReceiver, requeue } from "./pacing";
import { resolveSafeTarget, SsrfError } from "./ssrf";
import { getOrCreateWatchSigningSecret } from "./watch-signing-secret";

/*
 * Standard Webhooks headers are on for every delivery; only the delivery bench turns them off, to
 * measure their cost in the same run (bench/scenarios/webhooks.ts).
 */
let standardHeadersEnabled = true;
/** Bench only: deliveries without the Standard Webhooks headers (the baseline of the comparison). */
export function setStandardWebhookHeaders(on: boolean): void {
  standardHeadersEnabled = on;
}

export type DeliveryOutcome =
  | AttemptRecord
  | { status: "cancelled"; deliveryId: string }
  | { status: "lease_lost"; deliveryId: string }
  /** Re-queued without using an attempt: throttled to its send slot, or the endpoint is paused (pacing.ts). */
  | { status: "deferred"; deliveryId: string; until: Date };

/**
 * Makes the attempt a claim entitles this worker to: signs the envelope with
 * the endpoint's secret (or the account's watch signing secret), checks the
 * target against the SSRF guard, POSTs, and records the outcome. Safe to run
 * twice: the lease guard in recordAttempt keeps one record per attempt number.
 */
export interface DeliveryContext {
  event: WebhookEventRow;
  endpoint?: WebhookEndpointRow;
}

/** Loads events and endpoints of a batch of claims in two queries (not two per delivery). */
export async function loadContexts(claims: ClaimedDelivery[]): Promise<Map<string, DeliveryContext>> {
  const db = await getDb();
  const eventIds = [...new Set(claims.map((c) => c.eventId))];
  const endpointIds = [...new Set(claims.flatMap((c) => (c.endpointId ? [c.endpointId] : [])))];
  // Bounded by the events' created_at, the lookup reads only their days' partitions (else every
  // day's primary key). A range, widened by a millisecond: a JS Date drops the microseconds.
  const times = claims.flatMap((c) => (c.eventCreatedAt ? [c.eventCreatedAt.getTime()] : []));
  const where =
    times.length === claims.length && times.length > 0
      ? and(
          inArray(webhookEvents.id, eventIds),
          gte(webhookEvents.createdAt, new Date(Math.min(...times) - 1)),
          lte(webhookEvents.createdAt, new Date(Math.max(...times) + 1)),
        )
      : inArray(webhookEvents.id, eventIds);
  const events = new Map((await db.select().from(webhookEvents).where(where)).map((e) => [e.id, e]));
  const endpoints = new Map(
    endpointIds.length
      ? (await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds))).map((e) => [
          e.id,
          e,
        ])
      : [],
  );
  const out = new Map<string, DeliveryContext>();
  for (const c of claims) {
    const event = events.get(c.eventId);
    if (event) out.set(c.id, { event, endpoint: c.endpointId ? endpoints.get(c.endpointId) : undefined });
  }
  return out;
}

/**
 * Makes the attempt a claim entitles this worker to: signs the envelope with
 * the endpoint's secret (or the account's watch signing secret), checks the
 * target against the SSRF guard, POSTs, and records the outcome. Safe to run
 * twice: the lease guard in recordAttempt keeps one record per attempt number.
 */
export async function performClaimedDelivery(
  claim: ClaimedDelivery,
  preloaded?: DeliveryContext,
  /** Called once the endpoint has answered (or the request failed), before the attempt is recorded. */
  onAnswered?: () => void,
): Promise<DeliveryOutcome> {
  const ctx = preloaded ?? (await loadContexts([claim])).get(claim.id);
  if (!ctx) return cancel(claim); // the event is gone (account deleted)
  const { event, endpoint } = ctx;
  let secrets: string[];
  if (claim.endpointId) {
    if (!endpoint || endpoint.status !== "active") return cancel(claim);
    // Every attempt goes where the endpoint points NOW (a PATCHed url), signed with its current
    // secrets: the chain's stored url is only where the event was first addressed (issue 43 item 6).
    claim = { ...claim, url: endpoint.url };
    secrets = endpointSecrets(endpoint);
    const pace = await paceAttempt(claim, endpoint);
    if (!pace.go) {
      await requeue(claim, pace.until, { slot: pace.slot });
      return { status: "deferred", deliveryId: claim.id, until: pace.until };
    }
  } else {
    secrets = [(await getOrCreateWatchSigningSecret(claim.accountId)).secret];
  }

  const body = eventEnvelope(event);
  const attemptedAt = new Date();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const { signature, headers: signatureHeaders } = signatureHeadersFor(secrets, timestamp, body);
  const signed = {
    ...signatureHeaders,
    "x-service-timestamp": String(timestamp),
    "x-service-event-id": event.id,
    ...(standardHeadersEnabled ? standardWebhookHeaders(secrets, event.id, timestamp, body) : {}),
  };
  let result: PostResult;
  // From here a crash leaves a "worker lost" attempt for the claim that takes the chain back.
  await markAttemptStarted(claim);
  try {
    const target = await resolveSafeTarget(claim.url);
    result = await postSigned(target, signed, body, env().WEBHOOK_TIMEOUT_MS);
  } catch (err) {
    if (!(err instanceof SsrfError)) throw err;
    result = { status: 0, timeMs: 0, bodyExcerpt: "", error: err.message };
  }
  onAnswered?.();
  if (result.status === 429 && claim.endpointId && isPaced(claim) && claim.deferrals < MAX_DEFERRALS) {
    // Back-pressure, not a failure: the endpoint pauses for Retry-After and the chain waits (pacing.ts).
    const until = await pauseForReceiver(claim, result.headers?.["retry-after"]);
    countDeliveryAttempt("deferred");
    return { status: "deferred", deliveryId: claim.id, until };
  }
  const sent = { body, headers: { ...requestHeaders(body), ...signed } };
  const recorded = await recordAttempt(claim, event, {
    result,
    signature,
    timestamp,
    attemptedAt,
    completedAt: new Date(),
    sent,
  });
  countDeliveryAttempt(recorded?.status ?? "lease_lost");
  return recorded ?? { status: "lease_lost", deliveryId: claim.id };
}

async function cancel(claim: ClaimedDelivery): Promise<DeliveryOutcome> {
  const db = await getDb();
  await db.execute(sql`UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, completed_at = now(), lease_id = NULL
    WHERE id = ${claim.id} AND lease_id = ${claim.leaseId} AND status = 'pending'`);
  return { status: "cancelled", deliveryId: claim.id };
}

export interface AttemptDueOptions {
  /** Attempts in flight at once, all endpoints (default WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint (default WEBHOOK_ENDPOINT_CONCURRENCY). */
  perEndpoint?: number;
}

/**
 * The local runner's delivery task: claims due chains (FOR UPDATE SKIP LOCKED)
 * and attempts them with bounded concurrency overall and per endpoint. Claims
 * are pipelined: the next batch is claimed as soon as the pool has room for a
 * full wave, not when the whole previous batch has finished, so one slow
 * receiver does not stall the others. Returns how many chains were handled
 * once nothing more is due; 0 means nothing was due. Idempotent and safe on
 * many instances.
 */
export async function attemptDueDeliveries(opts: AttemptDueOptions = {}): Promise<number> {
  const db = await getDb();
  const overall = opts.concurrency ?? env().WEBHOOK_CONCURRENCY;
  const perEndpoint = Math.min(overall, opts.perEndpoint ?? env().WEBHOOK_ENDPOINT_CONCURRENCY);
  const pool = new KeyedPool(overall, perEndpoint);
  // At most two waves outstanding. Every chain claimed and not yet recorded is held by the
  // heartbeat, which renews its short lease however long it waits behind its endpoint's bound.
  const cap = overall * 2;
  const heartbeat = new LeaseHeartbeat<ClaimedDelivery>("webhook-delivery", (held) => renewLeases(db, held));
  let handled = 0;
  // One pass attempts each chain at most once: claims overlap with attempts in flight, so a
  // retry that is due at once would otherwise be claimed again by the same pass (timing-dependent).
  // In flight (leased anyway, ≤ cap) plus retried: an id moves from one to the other with no gap.
  const inFlight = new Set<string>();
  const retried: string[] = [];
  // Every way out (nothing due, a failed claim or context load at a database restart) stops the
  // heartbeat once the pool has drained: a chain this pass no longer works on must lapse to the
  // next claim, never stay renewed by a heartbeat nobody stops (issue 40 item 2).
  try {
    for (;;) {
      await pool.untilAtMost(overall);
      const claims = await claimDueDeliveries(db, cap - pool.outstanding, [...inFlight, ...retried]);
      if (claims.length === 0) break;
      handled += claims.length;
      for (const c of claims) heartbeat.hold(c.leaseId, c);
      let contexts: Map<string, DeliveryContext>;
      try {
        contexts = await loadContexts(claims);
      } catch (err) {
        // Never attempted: stop renewing them and hand them back (best effort; when the database
        // is down the lease lapses instead, one lease from now).
        for (const c of claims) heartbeat.release(c.leaseId);
        await handBack(claims).catch(() => undefined);
        throw err;
      }
      for (const c of claims) {
        inFlight.add(c.id);
        // The endpoint's slot is given back as soon as it has answered: its bound limits requests
        // to the receiver, not the group-committed database record that follows. The overall bound
        // still counts the task until it is recorded, so per instance at most `overall` requests and
        // records are in flight together and at most `cap` chains are claimed (memory stays bounded).
        // Records may then commit out of attempt order; failure_count counts by attempt time
        // (auto-disable.ts), so that cannot disable a healthy endpoint.
        pool.add(c.endpointId ?? `url:${c.url}`, async (releaseKey) => {
          try {
            const outcome = await performClaimedDelivery(c, contexts.get(c.id), releaseKey);
            if ("nextRetryAt" in outcome && outcome.nextRetryAt) retried.push(c.id);
          } catch (err) {
            // The lease lapses and the chain is retried with the same attempt number.
            log.error("webhook delivery attempt crashed", {
              delivery_id: c.id,
              error: (err as Error).message.split("\n")[0],
              cause: String((err as Error).cause ?? ""),
            });
          } finally {
            heartbeat.release(c.leaseId);
            inFlight.delete(c.id);
          }
        });
      }
    }
  } finally {
    await pool.drained();
    await heartbeat.stop();
  }
  return handled;
}

/** Claimed chains this pass will not attempt go back to the queue now (lease-guarded; no attempt used). */
async function handBack(claims: ClaimedDelivery[]): Promise<void> {
  const db = await getDb();
  await db.execute(sql`UPDATE webhook_deliveries d SET next_attempt_at = now(), lease_id = NULL
    FROM unnest(${`{${claims.map((c) => c.id).join(",")}}`}::uuid[], ${`{${claims.map((c) => c.leaseId).join(",")}}`}::uuid[]) AS h(id, lease_id)
    WHERE d.id = h.id AND d.lease_id = h.lease_id AND d.status = 'pending' AND d.attempt_started_at IS NULL`);
}

/** Inngest's per-chain step: attempts the chain if it is due. Returns when the next attempt is due, or null when done. */
export async function attemptDelivery(
  deliveryId: string,
): Promise<{ outcome: DeliveryOutcome | "not_due"; nextAttemptAt: string | null }> {
  const db = await getDb();
  const claim = await claimDelivery(db, deliveryId);
  const outcome = claim ? await performHeld(claim) : "not_due";
  const r = await queryOne<{ status: string; next_attempt_at: Date | string | null }>(
    db,
    sql`SELECT status, next_attempt_at FROM webhook_deliveries WHERE id = ${deliveryId}`,
  );
  const next = r && r.status === "pending" && r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null;
  return { outcome, nextAttemptAt: next };
}

/** One claimed chain attempted under its lease heartbeat (Inngest's step, a manual delivery). */
export async function performHeld(claim: ClaimedDelivery): Promise<DeliveryOutcome> {
  const db = await getDb();
  const heartbeat = new LeaseHeartbeat<ClaimedDelivery>("webhook-delivery", (held) => renewLeases(db, held));
  heartbeat.hold(claim.leaseId, claim);
  try {
    return await performClaimedDelivery(claim);
  } finally {
    await heartbeat.stop();
  }
}
