import { sql } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { recordWatchEvent } from "./emit-watch-event";

/**
 * Retires watches whose window has ended: active or paused -> expired,
 * expired_at = ends_at's passing (now), with weather.watch_expired, all in one
 * transaction per batch. Rows are locked with SKIP LOCKED so concurrent sweeps
 * never expire (or announce) a watch twice. Returns how many were expired.
 */
export async function expireWatches(opts: { limit?: number; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`WITH due AS (
            SELECT id FROM watches WHERE status IN ('active', 'paused') AND ends_at <= ${now.toISOString()}::timestamptz
            ORDER BY ends_at LIMIT ${opts.limit ?? 200} FOR UPDATE SKIP LOCKED)
          UPDATE watches w SET status = 'expired', expired_at = ${now.toISOString()}::timestamptz, next_check_at = NULL,
            claim_token = NULL, claimed_until = NULL, updated_at = ${now.toISOString()}::timestamptz
          FROM due WHERE w.id = due.id RETURNING w.id`,
    );
    for (const { id } of rows) {
      const [w] = await tx
        .select()
        .from(watches)
        .where(sql`${watches.id} = ${id}`);
      await recordWatchEvent(tx, w, "weather.watch_expired", {
        expired_at: now.toISOString(),
        last_snapshot_id: w.latestSnapshot?.snapshot_id ?? null,
        last_risk_level: w.lastRiskLevel,
      });
    }
    return rows.length;
  });
}
