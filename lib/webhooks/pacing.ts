import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import type { WebhookEndpointRow } from "@/drizzle/schema";
import type { ClaimedDelivery } from "./claim-deliveries";

/*
 * Issue 29: throttling and receiver back-pressure, shared by every instance through Postgres.
 *
 * rate_limit_per_second: a virtual-scheduling (GCRA) bucket of depth 1. Each attempt takes the
 * endpoint's next free send slot in ONE atomic upsert (next_slot_at := max(next_slot_at, now) +
 * 1/rate), so all instances together never send faster than the rate; an attempt whose slot is
 * close waits for it in process, a later one is re-queued to its slot (holding it: paced_slot_at)
 * without using an attempt, so nothing is dropped and nothing counts as a failure. The attempt
 * record keeps the chain's scheduled_at, so attempted_at - scheduled_at shows the pacing.
 *
 * A receiver's 429 with Retry-After pauses the endpoint (paused_until) and re-queues the chain
 * after it, again without using an attempt or counting toward auto-disable.
 */

/** A slot at most this far ahead is waited for in process; a later one re-queues the chain. */
export const WAIT_IN_PROCESS_MS = 1000;
/** Retry-After is honoured between these bounds (missing or unreadable: the default). */
export const PAUSE_DEFAULT_S = 60;
export const PAUSE_MAX_S = 3600;
/** A chain is postponed by 429s at most this often; after that a 429 is an ordinary failed attempt. */
export const MAX_DEFERRALS = 50;

/** Only event chains are paced; a test event or a redelivery is one attempt made at once, on request. */
export function isPaced(claim: Pick<ClaimedDelivery, "kind">): boolean {
  return claim.kind === "endpoint" || claim.kind === "watch";
}

/** Takes the endpoint's next send slot (shared by all instances); returns when it is. */
export async function takeSendSlot(endpointId: string, perSecond: number): Promise<Date> {
  const gapMs = 1000 / perSecond;
  const row = await queryOne<{ slot: Date | string }>(
    await getDb(),
    sql`INSERT INTO webhook_endpoint_pacing AS p (endpoint_id, next_slot_at)
        VALUES (${endpointId}::uuid, clock_timestamp() + ${gapMs} * interval '1 millisecond')
        ON CONFLICT (endpoint_id) DO UPDATE
          SET next_slot_at = greatest(p.next_slot_at, clock_timestamp()) + ${gapMs} * interval '1 millisecond'
        RETURNING next_slot_at - ${gapMs} * interval '1 millisecond' AS slot`,
  );
  return new Date(row!.slot);
}

/** Puts a claimed chain back in the queue until `at` without using an attempt (lease-guarded). */
export async function requeue(
  claim: ClaimedDelivery,
  at: Date,
  o: { slot?: Date; deferral?: boolean } = {},
): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    await getDb(),
    sql`UPDATE webhook_deliveries SET next_attempt_at = ${at.toISOString()}::timestamptz, lease_id = NULL,
          paced_slot_at = ${o.slot ? o.slot.toISOString() : null}::timestamptz,
          deferrals = deferrals + ${o.deferral ? 1 : 0}, attempt_started_at = NULL
        WHERE id = ${claim.id} AND lease_id = ${claim.leaseId} AND status = 'pending'
        RETURNING id`,
  );
  return row !== undefined;
}

export type PaceDecision = { go: true } | { go: false; until: Date; slot?: Date };

/**
 * Before an attempt: a paused endpoint re-queues the chain to the end of the pause; a rate-limited
 * one takes (or uses the held) send slot and waits for it when it is near.
 */
export async function paceAttempt(
  claim: ClaimedDelivery,
  endpoint: WebhookEndpointRow | undefined,
): Promise<PaceDecision> {
  if (!endpoint || !isPaced(claim)) return { go: true };
  const now = Date.now();
  if (endpoint.pausedUntil && endpoint.pausedUntil.getTime() > now) return { go: false, until: endpoint.pausedUntil };
  if (!endpoint.rateLimitPerSecond) return { go: true };
  const slot = claim.pacedSlotAt ?? (await takeSendSlot(endpoint.id, endpoint.rateLimitPerSecond));
  const wait = slot.getTime() - Date.now();
  if (wait > WAIT_IN_PROCESS_MS) return { go: false, until: slot, slot };
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return { go: true };
}

/** Seconds of a Retry-After value (delta-seconds or an HTTP date), bounded; the default when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number {
  let s = PAUSE_DEFAULT_S;
  const v = value?.trim() ?? "";
  if (/^\d+$/.test(v)) s = Number(v);
  else if (v && !Number.isNaN(Date.parse(v))) s = Math.ceil((Date.parse(v) - now) / 1000);
  return Math.min(PAUSE_MAX_S, Math.max(1, s));
}

/** The receiver said 429: pause the endpoint (every instance sees it) and re-queue the chain after the pause. */
export async function pauseForReceiver(claim: ClaimedDelivery, retryAfter: string | undefined): Promise<Date> {
  const until = new Date(Date.now() + retryAfterSeconds(retryAfter) * 1000);
  await (
    await getDb()
  ).execute(
    sql`UPDATE webhook_endpoints SET paused_until = greatest(coalesce(paused_until, now()), ${until.toISOString()}::timestamptz), updated_at = now()
        WHERE id = ${claim.endpointId}::uuid`,
  );
  await requeue(claim, until, { deferral: true });
  return until;
}
