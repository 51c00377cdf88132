import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/** Windows that ended longer ago than this are deleted; only the current one is ever read. */
export const USAGE_WINDOW_RETENTION_HOURS = 48;
const BATCH = 5000;

/**
 * Deletes one batch of hourly usage windows that ended more than 48 h before `now`
 * (a window [start, start+1h) ends at start+1h). Returns rows deleted (0 = nothing due).
 * Idempotent and safe on several instances: concurrent runs just delete disjoint or no rows.
 */
export async function pruneVisaUsageWindows(opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - USAGE_WINDOW_RETENTION_HOURS * 3_600_000 - 3_600_000);
  const db = await getDb();
  const rows = await queryRows<{ key_id: number }>(
    db,
    sql`DELETE FROM visa_usage_windows w USING (
          SELECT key_id, window_start FROM visa_usage_windows
          WHERE window_start < ${cutoff.toISOString()}::timestamptz LIMIT ${BATCH}) d
        WHERE w.key_id = d.key_id AND w.window_start = d.window_start
        RETURNING w.key_id`,
  );
  return rows.length;
}
