import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { surviveOutage } from "@/lib/db/outage";
import { queryRows } from "@/lib/db/sql";
import { failedAttemptsAfter } from "./auto-disable";
import type { ClaimedDelivery } from "./claim-deliveries";
import type { AttemptFacts, AttemptRecord } from "./attempt-types";

/*
 * Successful attempts are recorded by group commit. Every success of an
 * endpoint also updates that endpoint's row (latest success, failure_count, last_*_at), so
 * one statement per success serialises all of an endpoint's deliveries on that
 * row lock, one commit after another: that, not the HTTP, capped delivery
 * throughput. Successes that finish while a record statement is in flight are
 * queued and recorded together by the next one: still one atomic statement per
 * batch, each chain still guarded by its own lease (a chain whose lease was
 * lost is simply not in `moved` and gets no attempt row), the endpoint row
 * updated once per batch. At low load a batch is a single success, so nothing
 * waits for a batch to fill.
 */
interface Waiter {
  row: Record<string, unknown>;
  deliveryId: string;
  attemptNumber: number;
  resolve: (r: AttemptRecord | undefined) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 256;
/** How long a finished attempt's record waits for an unreachable database (the heartbeat keeps the lease meanwhile once it is back). */
export const RECORD_OUTAGE_WAIT_MS = 60_000;
let queue: Waiter[] = [];
let running = false;
// Successes queued and settled so far (batches settle in queue order): the failure path waits for
// the successes queued before it (successesRecorded), so an endpoint's failure never commits
// ahead of an earlier success of this process still in a batch. failure_count counts by attempt
// time (auto-disable.ts), so this is no longer what keeps it right; it keeps the stored count
// tight (a failure's recount already sees the successes that answered before it here).
let enqueued = 0;
let settled = 0;
const barriers: Array<{ upTo: number; resolve: () => void }> = [];

/** Resolves once every success queued before this call has been recorded (or has failed to be). */
export function successesRecorded(): Promise<void> {
  const upTo = enqueued;
  if (settled >= upTo) return Promise.resolve();
  return new Promise((resolve) => barriers.push({ upTo, resolve }));
}

function markSettled(n: number): void {
  settled += n;
  for (let i = barriers.length - 1; i >= 0; i--) {
    if (barriers[i].upTo <= settled) barriers.splice(i, 1)[0].resolve();
  }
}

/** Records one successful attempt (resolves once its batch committed; undefined when the lease was lost). */
export function recordSuccessBatched(
  claim: ClaimedDelivery,
  event: { type: string },
  a: AttemptFacts,
): Promise<AttemptRecord | undefined> {
  const row = {
    delivery_id: claim.id,
    lease_id: claim.leaseId,
    attempt_number: claim.attemptNumber,
    event_id: claim.eventId,
    event_type: event.type,
    endpoint_id: claim.endpointId,
    account_id: claim.accountId,
    response_status: a.result.status,
    response_time_ms: a.result.timeMs,
    response_body_excerpt: a.result.bodyExcerpt,
    request_signature: a.signature,
    request_timestamp: a.timestamp,
    scheduled_at: claim.scheduledAt.toISOString(),
    attempted_at: a.attemptedAt.toISOString(),
    completed_at: a.completedAt.toISOString(),
    request_body: a.sent?.body ?? null,
    request_headers: a.sent?.headers ?? null,
    response_headers: a.result.headers ?? null,
  };
  enqueued++;
  return new Promise((resolve, reject) => {
    queue.push({ row, deliveryId: claim.id, attemptNumber: claim.attemptNumber, resolve, reject });
    if (!running) void drain();
  });
}

async function drain(): Promise<void> {
  running = true;
  try {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        await settle(batch);
      } finally {
        markSettled(batch.length);
      }
    }
  } finally {
    running = false;
    if (queue.length > 0) void drain();
  }
}

async function settle(batch: Waiter[]): Promise<void> {
  try {
    // A database restart between the receiver's answer and this record must not cost the record
    // (the chain would be sent again): wait for the database and record then (lease-guarded).
    const input = batch.map((w) => w.row);
    const rows = await surviveOutage(() => recordSuccesses(input), RECORD_OUTAGE_WAIT_MS);
    const ids = new Map(rows.map((r) => [r.delivery_id, r.id]));
    for (const w of batch) {
      const attemptId = ids.get(w.deliveryId);
      w.resolve(
        attemptId
          ? {
              attemptId,
              deliveryId: w.deliveryId,
              attemptNumber: w.attemptNumber,
              status: "delivered",
              nextRetryAt: null,
            }
          : undefined,
      );
    }
  } catch (err) {
    for (const w of batch) w.reject(err);
  }
}

/**
 * ONE statement for a batch: move each lease-guarded chain to delivered,
 * insert an attempt for each chain that moved, update each endpoint once: its
 * latest success moves to the batch's latest attempt time when later, and then
 * failure_count is the failures attempted after it (auto-disable.ts; a failure
 * that commits while this statement waits for the row is missed by this
 * snapshot, and the endpoint's next failure, which recounts, heals it). The
 * endpoint update aggregates `moved` (GROUP BY) so every delivery row is locked
 * before any endpoint row: the lock order (delivery rows, then endpoint row) of
 * the failure path in record-attempt.ts.
 *
 * Within each table rows are locked in id order (`locked`, `endpoint_locked`: ORDER BY id
 * FOR UPDATE; the sort finishes before the first lock), the order every other multi-row writer
 * of these tables uses (markAttemptStarted) or that never waits (the heartbeat's renewLeases
 * skips locked rows). Without it two statements locking the same rows in plan order could
 * deadlock, and Postgres aborting this one left successes unrecorded and sent again (issue 40).
 */
async function recordSuccesses(
  rows: Array<Record<string, unknown>>,
): Promise<Array<{ id: string; delivery_id: string }>> {
  return queryRows<{ id: string; delivery_id: string }>(
    await getDb(),
    sql`WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
            delivery_id uuid, lease_id uuid, attempt_number int, event_id uuid, event_type text, endpoint_id uuid, account_id uuid,
            response_status int, response_time_ms int, response_body_excerpt text, request_signature text, request_timestamp int,
            scheduled_at timestamptz, attempted_at timestamptz, completed_at timestamptz, request_body text, request_headers jsonb,
            response_headers jsonb)
        ), locked AS (
          SELECT d.id FROM webhook_deliveries d JOIN input i ON d.id = i.delivery_id
          WHERE d.lease_id = i.lease_id AND d.status = 'pending' AND d.attempts_made = i.attempt_number - 1
          ORDER BY d.id
          FOR UPDATE OF d
        ), moved AS (
          UPDATE webhook_deliveries d SET attempts_made = d.attempts_made + 1, status = 'delivered', next_attempt_at = NULL,
            lease_id = NULL, attempt_started_at = NULL, paced_slot_at = NULL, completed_at = i.completed_at
          FROM input i, locked l
          WHERE d.id = l.id AND d.id = i.delivery_id AND d.lease_id = i.lease_id AND d.status = 'pending' AND d.attempts_made = i.attempt_number - 1
          RETURNING d.id
        ), inserted AS (
          INSERT INTO webhook_attempts (delivery_id, event_id, event_type, endpoint_id, account_id, attempt_number, status,
            response_status, response_time_ms, response_body_excerpt, error_message, request_signature, request_timestamp,
            scheduled_at, attempted_at, completed_at, next_retry_at, request_body, request_headers, response_headers)
          SELECT i.delivery_id, i.event_id, i.event_type, i.endpoint_id, i.account_id, i.attempt_number, 'delivered',
            i.response_status, i.response_time_ms, coalesce(i.response_body_excerpt, ''), NULL, i.request_signature, i.request_timestamp,
            i.scheduled_at, i.attempted_at, i.completed_at, NULL, i.request_body, i.request_headers, i.response_headers
          FROM input i JOIN moved m ON m.id = i.delivery_id
          RETURNING id, delivery_id
        ), endpoint_locked AS (
          SELECT e.id FROM webhook_endpoints e
          WHERE e.id IN (SELECT i.endpoint_id FROM input i JOIN moved m ON m.id = i.delivery_id)
          ORDER BY e.id
          FOR UPDATE OF e
        ), endpoint AS (
          UPDATE webhook_endpoints e SET
            last_success_attempted_at = greatest(e.last_success_attempted_at, x.attempted),
            failure_count = CASE WHEN e.last_success_attempted_at IS NULL OR x.attempted > e.last_success_attempted_at
              THEN ${failedAttemptsAfter(sql`e.id`, sql`x.attempted`)}
              ELSE e.failure_count END,
            last_delivery_at = greatest(e.last_delivery_at, x.at), last_success_at = greatest(e.last_success_at, x.at), updated_at = now()
          FROM (SELECT i.endpoint_id, max(i.completed_at) AS at, max(i.attempted_at) AS attempted FROM input i JOIN moved m ON m.id = i.delivery_id
                WHERE i.endpoint_id IS NOT NULL GROUP BY i.endpoint_id) x
          WHERE e.id = x.endpoint_id AND e.id IN (SELECT id FROM endpoint_locked)
        )
        SELECT id, delivery_id FROM inserted`,
  );
}
