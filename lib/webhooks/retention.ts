import { sql } from "drizzle-orm";
import type { Plan } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { dropExpiredPartitions, WEBHOOK_ATTEMPT_PARTITIONS } from "@/lib/db/log-partitions";

import { WEBHOOK_RETENTION_DAYS } from "./retention-days";

const SHORTEST = Math.min(...Object.values(WEBHOOK_RETENTION_DAYS));

export function webhookRetentionDays(plan: Plan): number {
  return WEBHOOK_RETENTION_DAYS[plan] ?? SHORTEST;
}

const LONGEST = Math.max(...Object.values(WEBHOOK_RETENTION_DAYS));

/**
 * One batch of the retention prune. First the attempts: their daily partitions older than the
 * longest retention are dropped whole (no row DELETE). Then the events (webhook_events is not
 * partitioned: webhook_deliveries references it): deletes events older than their account's retention
 * (deliveries and attempts go with them, ON DELETE CASCADE), never one with a chain still
 * pending (a recovery or retry in flight finishes first). The created_at bound of the shortest
 * retention lets the scan use webhook_events_created_idx. The cascade still deletes the attempts
 * of a short-retention (free) account's events that are younger than the longest retention.
 * Idempotent; returns partitions dropped, else events deleted.
 */
export async function pruneWebhookHistory(batch = 1000): Promise<number> {
  const dropped = await dropExpiredPartitions(WEBHOOK_ATTEMPT_PARTITIONS, LONGEST);
  if (dropped > 0) return dropped;
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`DELETE FROM webhook_events WHERE id IN (
          SELECT e.id FROM webhook_events e JOIN accounts a ON a.id = e.account_id
          WHERE e.created_at < now() - make_interval(days => ${SHORTEST}::int)
            AND e.created_at < now() - make_interval(days => CASE WHEN a.plan = 'free' THEN ${WEBHOOK_RETENTION_DAYS.free}::int ELSE ${WEBHOOK_RETENTION_DAYS.pro}::int END)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
          ORDER BY e.created_at LIMIT ${batch}::int)
        RETURNING id`,
  );
  return rows.length;
}
