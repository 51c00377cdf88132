import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/** Op-log retention: rows older than this are pruned, but each trip keeps its newest ones. */
export const OP_LOG_RETENTION_DAYS = 90;
export const OP_LOG_KEEP_LATEST = 1000;

/**
 * Deletes op-log rows older than `olderThan`, except each trip's newest
 * `keepLatest`, and raises the trips' op_log_floor so a diff from before the
 * pruned range answers 410 instead of a silently incomplete list.
 */
export async function pruneOpLog(opts: { olderThan?: Date; keepLatest?: number } = {}): Promise<number> {
  const olderThan = opts.olderThan ?? new Date(Date.now() - OP_LOG_RETENTION_DAYS * 86400_000);
  const keep = opts.keepLatest ?? OP_LOG_KEEP_LATEST;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ trip_id: number; revision: number }>(
      tx,
      sql`WITH doomed AS (
            SELECT o.trip_id, o.revision FROM trip_ops o JOIN trips t ON t.id = o.trip_id
            WHERE o.created_at < ${olderThan.toISOString()}::timestamptz AND o.revision <= t.revision - ${keep}
            ORDER BY o.trip_id, o.revision LIMIT 5000)
          DELETE FROM trip_ops o USING doomed d WHERE o.trip_id = d.trip_id AND o.revision = d.revision
          RETURNING o.trip_id, o.revision`,
    );
    const floor = new Map<number, number>();
    for (const r of rows) floor.set(Number(r.trip_id), Math.max(floor.get(Number(r.trip_id)) ?? 0, Number(r.revision)));
    for (const [tripId, rev] of floor) {
      await tx.execute(sql`UPDATE trips SET op_log_floor = GREATEST(op_log_floor, ${rev}) WHERE id = ${tripId}`);
    }
    return rows.length;
  });
}
