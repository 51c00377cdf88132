import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { emitEvent } from "@/lib/events/emit-event";
import { WORKER_LOST } from "./claim-deliveries";

/** Spec thresholds (service-spec "Auto-disable"). */
export const CONSECUTIVE_FAILURE_THRESHOLD = 50;
export const EXHAUSTED_CHAIN_THRESHOLD = 6;
export const EXHAUSTED_WINDOW_HOURS = 24;

interface DisabledRow {
  id: string;
  url: string;
  failure_count: number;
  exhausted_24h: number | string;
  disabled_at: Date | string;
  disabled_reason: string;
}

/**
 * `failure_count` = the endpoint's recorded failed attempts made after its
 * latest recorded success (`last_success_attempted_at`): consecutive by
 * ATTEMPT time, not by commit order. Failures commit one transaction each
 * while successes wait in a group-commit batch, and instances interleave, so a
 * counter moved by each commit let failures overtake earlier successes and
 * disabled a healthy endpoint. A failure attempted before the latest recorded
 * success does not count. Counted from the attempts (a partial index on failed
 * attempts): by this function here and by the success batch (record-success-batch.ts). An
 * attempt cut off by a dead worker ("worker lost") is our failure, not the receiver's: not counted.
 */
export function failedAttemptsAfter(endpointId: SQL, after: SQL): SQL {
  return sql`(SELECT count(*)::int FROM webhook_attempts a
    WHERE a.endpoint_id = ${endpointId} AND a.status <> 'delivered' AND a.attempted_at > ${after}
      AND a.error_message IS DISTINCT FROM ${WORKER_LOST})`;
}

const failuresSinceLatestSuccess = failedAttemptsAfter(
  sql`e.id`,
  sql`coalesce(e.last_success_attempted_at, '-infinity'::timestamptz)`,
);

/**
 * After a failed attempt (its row already inserted in `tx`): recounts the
 * endpoint's consecutive failures and fires the auto-disable safeguard. The
 * disable is ONE conditional UPDATE (`status = 'active'` in the WHERE): under
 * any number of concurrent failing attempts exactly one transaction flips the
 * row, and only that one emits weather.webhook_endpoint_disabled (to the
 * account's other subscribed endpoints: this one is already disabled when the
 * event is fanned out). Chains still pending for the endpoint are cancelled
 * when next claimed (attempt-delivery.ts), never here: touching other delivery
 * rows while holding the endpoint row would invert the lock order and deadlock.
 */
export async function afterEndpointFailure(
  tx: Tx,
  endpointId: string,
  accountId: string,
  when: Date,
  o: { gone?: boolean } = {},
): Promise<void> {
  // 410 Gone (Standard Webhooks advice): the receiver retired the endpoint, so it is disabled now.
  const gone = sql`${o.gone === true}::boolean`;
  // postgres-js wants strings for untyped raw parameters.
  const at = sql`${when.toISOString()}::timestamptz`;
  // First take the endpoint row's lock; the recount is the NEXT statement, so its snapshot (read
  // committed) is taken after the lock was granted and sees every failure committed by an earlier
  // holder. Counted in the locking statement, N concurrent failures would each see only their own
  // row and the 50th might never be counted; this way the last to commit counts them all.
  await tx.execute(sql`UPDATE webhook_endpoints
    SET last_delivery_at = greatest(last_delivery_at, ${at}), last_failure_at = greatest(last_failure_at, ${at}), updated_at = now()
    WHERE id = ${endpointId}`);
  await tx.execute(
    sql`UPDATE webhook_endpoints e SET failure_count = ${failuresSinceLatestSuccess} WHERE e.id = ${endpointId}`,
  );

  const exhausted = sql`(SELECT count(*) FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.kind = 'endpoint' AND d.status = 'giving_up'
        AND d.completed_at > now() - ${EXHAUSTED_WINDOW_HOURS} * interval '1 hour')`;
  const disabled = await queryOne<DisabledRow>(
    tx,
    sql`UPDATE webhook_endpoints e SET
          status = 'disabled', disabled_at = now(), updated_at = now(),
          disabled_reason = CASE WHEN ${gone} THEN 'auto_disabled_gone' WHEN e.failure_count >= ${CONSECUTIVE_FAILURE_THRESHOLD}
            THEN 'auto_disabled_consecutive_failures' ELSE 'auto_disabled_giveup_window' END
        WHERE e.id = ${endpointId} AND e.status = 'active'
          AND (${gone} OR e.failure_count >= ${CONSECUTIVE_FAILURE_THRESHOLD} OR ${exhausted} >= ${EXHAUSTED_CHAIN_THRESHOLD})
        RETURNING e.id, e.url, e.failure_count, e.disabled_at, e.disabled_reason, ${exhausted} AS exhausted_24h`,
  );
  if (!disabled) return;

  await emitEvent(
    {
      accountId,
      type: "weather.webhook_endpoint_disabled",
      data: {
        webhook_id: disabled.id,
        url: disabled.url,
        reason: disabled.disabled_reason,
        disabled_at: new Date(disabled.disabled_at).toISOString(),
        consecutive_failures: Number(disabled.failure_count),
        consecutive_failure_threshold: CONSECUTIVE_FAILURE_THRESHOLD,
        exhausted_chains_24h: Number(disabled.exhausted_24h),
        exhausted_chain_threshold: EXHAUSTED_CHAIN_THRESHOLD,
        exhausted_chain_window_hours: EXHAUSTED_WINDOW_HOURS,
      },
      excludeEndpointId: endpointId,
    },
    tx,
  );
}
