import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { notFound } from "@/lib/http/errors";
import { REQUEST_LOG_RETENTION_DAYS } from "./list-requests";

export interface KeyUsageDay {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  requests: number;
  billing_units: number;
  errors: number;
}

/**
 * One API key's calls per UTC day over the request log's retention (oldest first, days without
 * calls included as zeros): requests, billing units and failed calls (4xx and 5xx), the
 * playground's calls with the key included. Read from request_log, so it covers what the log
 * keeps and agrees with the log filtered by key_id. A key of another user is 404.
 */
export async function keyUsage(
  userId: string,
  keyId: number,
  today = new Date(),
): Promise<{ key_id: number; days: KeyUsageDay[] }> {
  const db = await getDb();
  const [key] = await queryRows<{ account_id: string }>(
    db,
    sql`SELECT account_id FROM api_keys WHERE id = ${keyId}::int AND user_id = ${userId}::uuid AND revoked_at IS NULL`,
  );
  if (!key) throw notFound("API key");
  const first = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (REQUEST_LOG_RETENTION_DAYS - 1)),
  );
  const rows = await queryRows<{
    day: string;
    requests: string | number;
    units: string | number;
    errors: string | number;
  }>(
    db,
    sql`SELECT to_char(date_trunc('day', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*) AS requests,
               coalesce(sum(billing_units), 0) AS units, count(*) FILTER (WHERE status >= 400) AS errors
        FROM request_log
        WHERE account_id = ${key.account_id}::uuid AND credential_type = 'api_key' AND credential_id = ${String(keyId)}
          AND at >= ${first.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: KeyUsageDay[] = [];
  for (let i = 0; i < REQUEST_LOG_RETENTION_DAYS; i++) {
    const date = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date);
    days.push({
      date,
      requests: Number(r?.requests ?? 0),
      billing_units: Number(r?.units ?? 0),
      errors: Number(r?.errors ?? 0),
    });
  }
  return { key_id: keyId, days };
}
