import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import type { RequestLogFields } from "./request-log";

export const REQUEST_LOG_RETENTION_DAYS = 7;

export const ListRequestsQuery = z.strictObject({
  limit: z.coerce.number({ message: "must be an integer" }).int("must be an integer").min(1, "must be at least 1").max(200, "must be at most 200").default(50),
  status: z
    .string()
    .regex(/^([1-5][0-9]{2}|[1-5]xx)$/, "must be an HTTP status (e.g. 404) or a class (2xx, 4xx, 5xx)")
    .optional()
    .meta({ description: "An exact status (404) or a class (4xx)" }),
  path: z.string().min(1, "must not be empty").max(300, "must be at most 300 characters").optional().meta({ description: "Path template or its beginning, e.g. /v1/weather/watch" }),
  request_id: z.uuid({ message: "must be a UUID (the X-Request-Id of a response)" }).optional(),
  cursor: z.string().max(300, "must be at most 300 characters").optional(),
});
export type ListRequestsFilters = z.output<typeof ListRequestsQuery>;

type Row = RequestLogFields & { id: string | number; at: Date | string; at_text: string; credential_prefix: string | null };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The account's logged requests, newest first (rows land within about a second of the response). */
export async function listRequests(accountId: string, f: ListRequestsFilters) {
  const conds: SQL[] = [sql`r.account_id = ${accountId}::uuid`];
  if (f.status) {
    conds.push(f.status.endsWith("xx") ? sql`r.status / 100 = ${Number(f.status[0])}::int` : sql`r.status = ${Number(f.status)}::int`);
  }
  if (f.path) conds.push(sql`r.path LIKE ${escapeLike(f.path) + "%"}`);
  if (f.request_id) conds.push(sql`r.request_id = ${f.request_id}::uuid`);
  if (f.cursor) {
    const c = decodeCursor(f.cursor, "bigint");
    conds.push(sql`(r.at, r.id) < (${c.at}::timestamptz, ${c.id}::bigint)`);
  }
  const rows = await queryRows<Row>(
    await getDb(),
    sql`SELECT r.id, r.request_id, r.at, r.at::text AS at_text, r.method, r.path, r.status, r.latency_ms, r.credential_type, r.credential_id,
          r.billing_units, r.error_code, r.tool,
          CASE r.credential_type
            WHEN 'api_key' THEN (SELECT key_prefix FROM api_keys WHERE id::text = r.credential_id)
            WHEN 'access_token' THEN (SELECT token_prefix FROM access_tokens WHERE id::text = r.credential_id)
            WHEN 'visa_key' THEN (SELECT key_prefix FROM visa_keys WHERE id::text = r.credential_id)
          END AS credential_prefix
        FROM request_log r WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY r.at DESC, r.id DESC LIMIT ${f.limit + 1}`,
  );
  const page = rows.slice(0, f.limit);
  const more = rows.length > f.limit;
  const last = page[page.length - 1];
  return {
    requests: page.map((r) => ({
      request_id: r.request_id,
      at: new Date(r.at).toISOString(),
      method: r.method,
      path: r.path,
      status: r.status,
      latency_ms: r.latency_ms,
      credential: { type: r.credential_type as "api_key" | "access_token" | "session" | "visa_key" | "none", prefix: r.credential_prefix },
      billing_units: r.billing_units,
      error_code: r.error_code,
      tool: r.tool,
    })),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.at_text, id: String(last.id) }) : null,
  };
}

/** Retention: deletes rows older than REQUEST_LOG_RETENTION_DAYS, a batch at a time; returns how many went. */
export async function pruneRequestLog(batch = 5000): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`DELETE FROM request_log WHERE id IN (
          SELECT id FROM request_log WHERE at < now() - make_interval(days => ${REQUEST_LOG_RETENTION_DAYS}::int) LIMIT ${batch}::int)
        RETURNING id`,
  );
  return rows.length;
}
