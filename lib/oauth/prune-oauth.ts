import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";

const BATCH = 5000;

/**
 * One batch of OAuth housekeeping (run by the "mail-auth-prune" job): authorization codes and refresh
 * tokens a day past their expiry, spent or not. Not sooner: a spent code or refresh token is kept while
 * it could still be presented, because presenting it again revokes the grant (reuse detection).
 * Returns rows deleted; concurrent runs delete disjoint or no rows.
 */
export async function pruneOAuthCodesAndTokens(): Promise<number> {
  const db = await getDb();
  const r = await queryOne<{ n: number }>(
    db,
    sql`WITH c AS (DELETE FROM oauth_codes WHERE code_hash IN (
          SELECT code_hash FROM oauth_codes WHERE expires_at < now() - interval '1 day' LIMIT ${BATCH}::int) RETURNING 1),
        r AS (DELETE FROM oauth_refresh_tokens WHERE id IN (
          SELECT id FROM oauth_refresh_tokens WHERE expires_at < now() - interval '1 day' LIMIT ${BATCH}::int) RETURNING 1)
        SELECT ((SELECT count(*) FROM c) + (SELECT count(*) FROM r))::int AS n`,
  );
  return r?.n ?? 0;
}
