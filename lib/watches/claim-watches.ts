import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { workLeaseMs } from "@/lib/jobs/lease-heartbeat";

export interface WatchClaim {
  id: string;
  claimToken: string;
}

/**
 * Claims up to `limit` due active watches (FOR UPDATE SKIP LOCKED, so
 * concurrent schedulers split the work) and gives each a claim token with a
 * short lease the refresher renews while it works (renewWatchClaims). Only the holder of the
 * token may write the refresh result; a crashed refresher's claim lapses one lease after its
 * last heartbeat and the watch is due again.
 */
export async function claimDueWatches(db: DbOrTx, limit: number, now = new Date()): Promise<WatchClaim[]> {
  const leaseUntil = new Date(now.getTime() + workLeaseMs());
  const rows = await queryRows<{ id: string; claim_token: string }>(
    db,
    sql`WITH due AS (
          SELECT id FROM watches
          WHERE status = 'active' AND next_check_at <= ${now.toISOString()}::timestamptz AND ends_at > ${now.toISOString()}::timestamptz
            AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamptz)
          ORDER BY next_check_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        UPDATE watches w SET claim_token = gen_random_uuid(), claimed_until = ${leaseUntil.toISOString()}::timestamptz
        FROM due WHERE w.id = due.id
        RETURNING w.id, w.claim_token`,
  );
  return rows.map((r) => ({ id: r.id, claimToken: r.claim_token }));
}

/** Claims one active watch now regardless of next_check_at (admin refresh), unless another refresher holds it. */
export async function claimWatchNow(db: DbOrTx, watchId: string, now = new Date()): Promise<WatchClaim | undefined> {
  const leaseUntil = new Date(now.getTime() + workLeaseMs());
  const row = await queryOne<{ id: string; claim_token: string }>(
    db,
    sql`UPDATE watches SET claim_token = gen_random_uuid(), claimed_until = ${leaseUntil.toISOString()}::timestamptz
        WHERE id = ${watchId} AND status = 'active' AND ends_at > ${now.toISOString()}::timestamptz
          AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamptz)
        RETURNING id, claim_token`,
  );
  return row ? { id: row.id, claimToken: row.claim_token } : undefined;
}

/** The refresher's heartbeat: extends the lease of the claims it still holds (a recorded result cleared its token: untouched). */
export async function renewWatchClaims(db: DbOrTx, held: readonly WatchClaim[], now = new Date()): Promise<void> {
  if (held.length === 0) return;
  const leaseUntil = new Date(now.getTime() + workLeaseMs());
  // Never waits for a row lock (SKIP LOCKED, like renewLeases): a locked watch is being recorded
  // by its refresher, and a waiting renewal deadlocked with those writers (issue 40).
  await db.execute(sql`WITH mine AS (
      SELECT w.id FROM watches w
      JOIN unnest(${`{${held.map((c) => c.id).join(",")}}`}::uuid[], ${`{${held.map((c) => c.claimToken).join(",")}}`}::uuid[]) AS h(id, token)
        ON w.id = h.id AND w.claim_token = h.token
      ORDER BY w.id
      FOR UPDATE OF w SKIP LOCKED
    )
    UPDATE watches w SET claimed_until = ${leaseUntil.toISOString()}::timestamptz FROM mine WHERE w.id = mine.id`);
}
