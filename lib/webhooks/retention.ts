import { sql, type SQL } from "drizzle-orm";
import type { Plan } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode, queryOne, queryRows } from "@/lib/db/sql";
import {
  detachAndDropPartition,
  dropExpiredPartitions,
  expiredPartitions,
  WEBHOOK_ATTEMPT_PARTITIONS,
  WEBHOOK_EVENT_PARTITIONS,
} from "@/lib/db/log-partitions";

import { WEBHOOK_RETENTION_DAYS } from "./retention-days";

const SHORTEST = Math.min(...Object.values(WEBHOOK_RETENTION_DAYS));

export function webhookRetentionDays(plan: Plan): number {
  return WEBHOOK_RETENTION_DAYS[plan] ?? SHORTEST;
}

/** The longest plan retention: events, deliveries and attempts are physically kept this long (a day's partition up to a day more). */
export const LONGEST_WEBHOOK_RETENTION_DAYS = Math.max(...Object.values(WEBHOOK_RETENTION_DAYS));
const LONGEST = LONGEST_WEBHOOK_RETENTION_DAYS;

/**
 * The oldest created_at (events) or attempted_at (attempts) an account may still see: now minus
 * its own plan's retention. Rows between that and the longest retention are still stored (a day
 * is dropped whole once older than the longest retention) and must not be shown, resent or
 * recovered. A scalar subquery: evaluated once per statement, and a bound the executor prunes
 * partitions by.
 */
export function webhookVisibleSince(accountId: string): SQL {
  const byPlan = sql.join(
    Object.entries(WEBHOOK_RETENTION_DAYS).map(([plan, days]) => sql`WHEN ${plan} THEN ${days}::int`),
    sql` `,
  );
  return sql`(SELECT now() - make_interval(days => CASE a.plan ${byPlan} ELSE ${SHORTEST}::int END) FROM accounts a WHERE a.id = ${accountId}::uuid)`;
}

/**
 * One batch of the retention prune (idempotent; returns the work done, 0 once there is none).
 * 1. Attempts: daily partitions older than the longest retention are dropped whole.
 * 2. Events: a day's partition older than the longest retention goes whole (DETACH + DROP, no
 *    row DELETE on webhook_events). webhook_deliveries references it (event_id, event_created_at),
 *    so that day's terminal deliveries are deleted first, a batch at a time (deliveries are a state
 *    table; their remaining attempts go with them by cascade). A day with a chain still pending
 *    is kept whole until the chain ends: a retry schedule ends within days, and nothing starts a
 *    new chain for an event older than its account's retention (resend and recover refuse it).
 * 3. Events that landed in DEFAULT (no partition covered their time) and are older than the longest
 *    retention leave by a batched DELETE there (their deliveries and attempts by cascade), never one
 *    with a chain pending.
 * Plan-dependent retention (free 7 days) is a read bound (webhookVisibleSince), not a delete.
 */
export async function pruneWebhookHistory(batch = 1000, now = new Date()): Promise<number> {
  const dropped = await dropExpiredPartitions(WEBHOOK_ATTEMPT_PARTITIONS, LONGEST, now);
  if (dropped > 0) return dropped;
  const db = await getDb();
  for (const p of await expiredPartitions(WEBHOOK_EVENT_PARTITIONS, LONGEST, now)) {
    const range = sql`event_created_at >= ${p.from.toISOString()}::timestamptz AND event_created_at < ${p.to.toISOString()}::timestamptz`;
    const pending = await queryOne<{ pending: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE ${range} AND status = 'pending') AS pending`,
    );
    if (pending?.pending) continue;
    const gone = await queryRows<{ id: string }>(
      db,
      sql`DELETE FROM webhook_deliveries WHERE id IN (
            SELECT id FROM webhook_deliveries WHERE ${range} AND status <> 'pending' LIMIT ${batch}::int)
          RETURNING id`,
    );
    if (gone.length >= batch) return gone.length;
    try {
      if (await detachAndDropPartition(WEBHOOK_EVENT_PARTITIONS, p.name)) return gone.length + 1;
    } catch (err) {
      // A chain started on that day between the check and the DETACH (23503: still referenced): the next run sees it pending.
      if (pgErrorCode(err) !== PG_FOREIGN_KEY_VIOLATION) throw err;
    }
    if (gone.length > 0) return gone.length;
  }
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM webhook_events_default WHERE (id, created_at) IN (
          SELECT e.id, e.created_at FROM webhook_events_default e
          WHERE e.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${LONGEST}::int)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.event_created_at = e.created_at AND d.status = 'pending')
          ORDER BY e.created_at LIMIT ${batch}::int)
        RETURNING id`,
  );
  return rows.length;
}
