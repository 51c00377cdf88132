import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { sha256Hex } from "@/lib/auth/secrets";
import { windowOf } from "./rate-window";
import { VISA_KEY_PREFIX } from "./visa-keys";

export type ConsumeResult =
  | { outcome: "unknown" }
  | { outcome: "revoked" }
  | { outcome: "allowed" | "limited"; keyId: number; accountId: string; limit: number; used: number; windowEnd: Date };

/**
 * Authenticates a visa key and counts one unit against its current fixed UTC
 * hour, in ONE statement (one round trip). The upsert's WHERE makes the
 * increment conditional: Postgres locks the window row, re-checks `used < limit`
 * on the latest version, so concurrent requests can never pass the limit.
 * A rejected request is not counted (the row is left unchanged).
 */
export async function consumeVisaUnit(key: string, now: Date): Promise<ConsumeResult> {
  if (!key.startsWith(VISA_KEY_PREFIX) || key.length > 200) return { outcome: "unknown" };
  const w = windowOf(now);
  const db = await getDb();
  const row = await queryOne<{ id: number; account_id: string; hourly_limit: number; revoked: boolean; used: number | null; current: number | null }>(
    db,
    sql`
      WITH k AS (
        SELECT id, account_id, hourly_limit, revoked_at IS NOT NULL AS revoked
        FROM visa_keys WHERE key_hash = ${sha256Hex(key)}
      ), counted AS (
        INSERT INTO visa_usage_windows AS w (key_id, window_start, used, hourly_limit)
        SELECT id, ${w.start.toISOString()}::timestamptz, 1, hourly_limit FROM k WHERE NOT revoked
        ON CONFLICT (key_id, window_start) DO UPDATE
          SET used = w.used + 1, hourly_limit = EXCLUDED.hourly_limit
          WHERE w.used < EXCLUDED.hourly_limit
        RETURNING used
      )
      SELECT k.id, k.account_id, k.hourly_limit, k.revoked, (SELECT used FROM counted) AS used
      FROM k`,
  );
  if (!row) return { outcome: "unknown" };
  if (row.revoked) return { outcome: "revoked" };
  const limit = Number(row.hourly_limit);
  if (row.used === null || row.used === undefined) {
    return { outcome: "limited", keyId: Number(row.id), accountId: row.account_id, limit, used: limit, windowEnd: w.end };
  }
  return { outcome: "allowed", keyId: Number(row.id), accountId: row.account_id, limit, used: Number(row.used), windowEnd: w.end };
}
