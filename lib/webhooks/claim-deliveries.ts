import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { workLeaseMs } from "@/lib/jobs/lease-heartbeat";
import type { DeliveryKind } from "@/drizzle/schema";

/** A delivery this worker holds the lease on until `leaseUntil`. */
export interface ClaimedDelivery {
  id: string;
  leaseId: string;
  eventId: string;
  /** The event's created_at (its partition key): loading the event reads one day's partition. */
  eventCreatedAt?: Date;
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
  event_created_at: Date | string;
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
 * The claim's lease: short, because the worker renews it while it holds the chain
 * (renewLeases, lib/jobs/lease-heartbeat.ts). A worker that dies leaves the row pending; one
 * lease after its last heartbeat the chain is due again, and the claim that takes it records
 * the attempt the dead worker had started, if any, as failed ("worker lost").
 */
export function leaseMs(): number {
  return workLeaseMs();
}

/** The error message of an attempt cut off by a dead worker (recorded when its chain is reclaimed). */
export const WORKER_LOST = "worker lost";

const RETURNING = sql`d.id, d.lease_id, d.event_id, d.event_created_at, d.account_id, d.endpoint_id, d.watch_id, d.kind, d.url, d.attempts_made, d.max_attempts, d.retry_schedule_ms, d.scheduled_at, d.paced_slot_at, d.deferrals`;

function toClaim(r: Row): ClaimedDelivery {
  return {
    id: r.id,
    leaseId: r.lease_id,
    eventId: r.event_id,
    eventCreatedAt: r.event_created_at ? new Date(r.event_created_at) : undefined,
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
  return v
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean)
    .map(Number);
}

/**
 * Claims up to `limit` due chains; concurrent workers skip each other's rows.
 * `waves`: how many attempts in a row one pool slot may make for this batch
 * (batch size / concurrency), so the lease covers the last one too.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  limit: number,
  exclude: readonly string[] = [],
): Promise<ClaimedDelivery[]> {
  // `exclude`: chains this pass already attempted (a retry due at once waits for the next pass).
  const skip = exclude.length
    ? sql` AND id NOT IN (${sql.join(
        exclude.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return claim(
    db,
    sql`WHERE status = 'pending' AND next_attempt_at <= now() AND attempts_made < max_attempts${skip}
          ORDER BY next_attempt_at
          LIMIT ${limit}`,
  );
}

/**
 * The request's own inline attempt of the single delivery it just created (a test send, a redelivery):
 * claimed before it is due (createDeliveries holds it for the request for one lease), unless someone holds it.
 */
export async function claimForInlineAttempt(db: DbOrTx, deliveryId: string): Promise<ClaimedDelivery | undefined> {
  return (
    await claim(
      db,
      sql`WHERE id = ${deliveryId} AND status = 'pending' AND lease_id IS NULL AND attempts_made < max_attempts`,
    )
  )[0];
}

/** Claims one chain if it is due (Inngest's per-delivery loop); undefined when not due or terminal. */
export async function claimDelivery(db: DbOrTx, deliveryId: string): Promise<ClaimedDelivery | undefined> {
  return (
    await claim(
      db,
      sql`WHERE id = ${deliveryId} AND status = 'pending' AND next_attempt_at <= now() AND attempts_made < max_attempts`,
    )
  )[0];
}

/**
 * One statement: lock the due rows (concurrent workers skip each other's), record as failed
 * ("worker lost") the attempt a dead worker had started on any of them (`attempt_started_at`
 * set and its lease lapsed: it may or may not have reached the receiver), and lease them.
 * The lost attempt counts as one of the chain's attempts; the next one is due at once (the
 * receiver did nothing wrong, so no backoff). A chain whose lost attempt was its last is left
 * unleased with no attempts left; the sweeper ends it as `giving_up` with
 * `weather.webhook_delivery_failed` (repair-stranded.ts), and it is not claimed here.
 */
async function claim(db: DbOrTx, where: SQL): Promise<ClaimedDelivery[]> {
  const lost = sql`d.attempt_started_at IS NOT NULL`;
  const spent = sql`(d.attempt_started_at IS NOT NULL AND d.attempts_made + 1 >= d.max_attempts)`;
  const rows = await queryRows<Row>(
    db,
    sql`WITH due AS (
          SELECT id FROM webhook_deliveries ${where}
          FOR UPDATE SKIP LOCKED
        ), lost AS (
          INSERT INTO webhook_attempts (delivery_id, event_id, event_type, endpoint_id, account_id, attempt_number, status,
            response_status, response_time_ms, response_body_excerpt, error_message, request_signature, request_timestamp,
            scheduled_at, attempted_at, completed_at, next_retry_at)
          SELECT d.id, d.event_id, e.type, d.endpoint_id, d.account_id, d.attempts_made + 1,
            CASE WHEN ${spent} THEN 'giving_up' ELSE 'retrying' END,
            0, 0, '', ${WORKER_LOST}, '', floor(extract(epoch FROM d.attempt_started_at))::int,
            coalesce(d.scheduled_at, d.attempt_started_at), d.attempt_started_at, now(), CASE WHEN ${spent} THEN NULL ELSE now() END
          FROM due JOIN webhook_deliveries d ON d.id = due.id JOIN webhook_events e ON e.id = d.event_id AND e.created_at = d.event_created_at
          WHERE ${lost}
          ON CONFLICT (delivery_id, attempt_number, attempted_at) DO NOTHING
        )
        UPDATE webhook_deliveries d SET
          attempts_made = d.attempts_made + CASE WHEN ${lost} THEN 1 ELSE 0 END,
          scheduled_at = CASE WHEN ${lost} THEN now() ELSE d.scheduled_at END,
          paced_slot_at = CASE WHEN ${lost} THEN NULL ELSE d.paced_slot_at END,
          attempt_started_at = NULL,
          lease_id = CASE WHEN ${spent} THEN NULL ELSE gen_random_uuid() END,
          next_attempt_at = CASE WHEN ${spent} THEN now() ELSE now() + ${leaseMs()} * interval '1 millisecond' END
        FROM due WHERE d.id = due.id
        RETURNING ${RETURNING}`,
  );
  return rows.filter((r) => r.lease_id !== null).map(toClaim);
}

/**
 * The heartbeat's statement: extends the lease of every chain this worker still holds (guarded by
 * its lease ids). It never waits for a row lock (SKIP LOCKED): a row locked now is being recorded
 * or marked by this worker (it ends or renews the chain itself), and a renewal that waited could
 * close a deadlock cycle with the group commit (issue 40). A row skipped stays renewed by the
 * next beat; the lease allows three missed beats.
 */
export async function renewLeases(
  db: DbOrTx,
  held: ReadonlyArray<Pick<ClaimedDelivery, "id" | "leaseId">>,
): Promise<void> {
  if (held.length === 0) return;
  await db.execute(sql`WITH mine AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN unnest(${`{${held.map((h) => h.id).join(",")}}`}::uuid[], ${`{${held.map((h) => h.leaseId).join(",")}}`}::uuid[]) AS h(id, lease_id)
        ON d.id = h.id AND d.lease_id = h.lease_id
      WHERE d.status = 'pending'
      ORDER BY d.id
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET next_attempt_at = now() + ${leaseMs()} * interval '1 millisecond'
    FROM mine WHERE d.id = mine.id`);
}
