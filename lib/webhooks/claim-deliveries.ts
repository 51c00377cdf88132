import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { env } from "@/lib/env";
import type { DeliveryKind } from "@/drizzle/schema";

/** A delivery this worker holds the lease on until `leaseUntil`. */
export interface ClaimedDelivery {
  id: string;
  leaseId: string;
  eventId: string;
  accountId: string;
  endpointId: string | null;
  watchId: string | null;
  kind: DeliveryKind;
  url: string;
  attemptNumber: number;
  maxAttempts: number;
  /** The chain's stored schedule (ms before each attempt); null on chains from before it was stored. */
  retryScheduleMs: number[] | null;
  scheduledAt: Date;
  /** A send slot the chain holds on its rate-limited endpoint (pacing.ts). */
  pacedSlotAt: Date | null;
  /** Times a receiver's 429 postponed the chain. */
  deferrals: number;
}

interface Row {
  id: string;
  lease_id: string;
  event_id: string;
  account_id: string;
  endpoint_id: string | null;
  watch_id: string | null;
  kind: DeliveryKind;
  url: string;
  attempts_made: number;
  max_attempts: number;
  retry_schedule_ms: number[] | string | null;
  scheduled_at: Date | string;
  paced_slot_at: Date | string | null;
  deferrals: number;
}

/**
 * The lease covers DNS + the POST timeout with a margin. A worker that dies
 * mid-attempt leaves the row pending; once the lease lapses the chain is due
 * again and the same attempt number is retried (nothing was recorded for it).
 */
export function leaseMs(waves = 1): number {
  return env().WEBHOOK_TIMEOUT_MS * waves + 30_000;
}

const RETURNING = sql`d.id, d.lease_id, d.event_id, d.account_id, d.endpoint_id, d.watch_id, d.kind, d.url, d.attempts_made, d.max_attempts, d.retry_schedule_ms, d.scheduled_at, d.paced_slot_at, d.deferrals`;

function toClaim(r: Row): ClaimedDelivery {
  return {
    id: r.id,
    leaseId: r.lease_id,
    eventId: r.event_id,
    accountId: r.account_id,
    endpointId: r.endpoint_id,
    watchId: r.watch_id,
    kind: r.kind,
    url: r.url,
    attemptNumber: Number(r.attempts_made) + 1,
    maxAttempts: Number(r.max_attempts),
    retryScheduleMs: intArray(r.retry_schedule_ms),
    scheduledAt: new Date(r.scheduled_at),
    pacedSlotAt: r.paced_slot_at ? new Date(r.paced_slot_at) : null,
    deferrals: Number(r.deferrals ?? 0),
  };
}

/** int[] arrives as an array (postgres-js) or as its text form `{1,2}` (some drivers). */
function intArray(v: number[] | string | null): number[] | null {
  if (v === null) return null;
  if (Array.isArray(v)) return v.map(Number);
  return v.replace(/^\{|\}$/g, "").split(",").filter(Boolean).map(Number);
}

/**
 * Claims up to `limit` due chains; concurrent workers skip each other's rows.
 * `waves`: how many attempts in a row one pool slot may make for this batch
 * (batch size / concurrency), so the lease covers the last one too.
 */
export async function claimDueDeliveries(db: DbOrTx, limit: number, waves = 1, exclude: readonly string[] = []): Promise<ClaimedDelivery[]> {
  // `exclude`: chains this pass already attempted (a retry due at once waits for the next pass).
  const skip = exclude.length ? sql` AND id NOT IN (${sql.join(exclude.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`WITH due AS (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()${skip}
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET lease_id = gen_random_uuid(), next_attempt_at = now() + ${leaseMs(waves)} * interval '1 millisecond'
        FROM due WHERE d.id = due.id
        RETURNING ${RETURNING}`,
  );
  return rows.map(toClaim);
}

/** Claims one chain if it is due (Inngest's per-delivery loop); undefined when not due or terminal. */
export async function claimDelivery(db: DbOrTx, deliveryId: string): Promise<ClaimedDelivery | undefined> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH due AS (
          SELECT id FROM webhook_deliveries
          WHERE id = ${deliveryId} AND status = 'pending' AND next_attempt_at <= now()
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET lease_id = gen_random_uuid(), next_attempt_at = now() + ${leaseMs()} * interval '1 millisecond'
        FROM due WHERE d.id = due.id
        RETURNING ${RETURNING}`,
  );
  return rows[0] ? toClaim(rows[0]) : undefined;
}
