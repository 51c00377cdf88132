import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";

const BATCH = 5000;

/**
 * One batch of housekeeping for issue 30's tables (job "mail-auth-prune"): rate windows older
 * than a day, email links expired or used more than 7 days ago, outbox mail older than 7 days.
 * Returns rows deleted (0 = nothing due); concurrent runs delete disjoint or no rows.
 */
export async function pruneMailAndAuthTokens(): Promise<number> {
  const db = await getDb();
  const r = await queryOne<{ n: number }>(
    db,
    sql`WITH w AS (DELETE FROM auth_rate_windows WHERE ctid IN (
          SELECT ctid FROM auth_rate_windows WHERE window_start < now() - interval '1 day' LIMIT ${BATCH}::int) RETURNING 1),
        t AS (DELETE FROM auth_tokens WHERE id IN (
          SELECT id FROM auth_tokens WHERE expires_at < now() - interval '7 days' OR used_at < now() - interval '7 days' LIMIT ${BATCH}::int) RETURNING 1),
        o AS (DELETE FROM mail_outbox WHERE id IN (
          SELECT id FROM mail_outbox WHERE created_at < now() - interval '7 days' LIMIT ${BATCH}::int) RETURNING 1)
        SELECT ((SELECT count(*) FROM w) + (SELECT count(*) FROM t) + (SELECT count(*) FROM o))::int AS n`,
  );
  return r?.n ?? 0;
}
