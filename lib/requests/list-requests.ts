import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { deleteExpiredDefaultRows, dropExpiredPartitions, REQUEST_LOG_PARTITIONS } from "@/lib/db/log-partitions";
import { queryRows } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { CANONICAL_INT_ID } from "@/lib/http/ids";
import type { RequestLogFields } from "./request-log";
import { REQUEST_SOURCES, type RequestSource } from "./request-source";

export const REQUEST_LOG_RETENTION_DAYS = 7;

const IsoDateTime = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z",
});

export const ListRequestsQuery = z.strictObject({
  limit: z.coerce
    .number({ message: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .default(50),
  status: z
    .string()
    .regex(/^([1-5][0-9]{2}|[1-5]xx)$/, "must be an HTTP status (e.g. 404) or a class (2xx, 4xx, 5xx)")
    .optional()
    .meta({ description: "An exact status (404) or a class (4xx)" }),
  path: z
    .string()
    .min(1, "must not be empty")
    .max(300, "must be at most 300 characters")
    .optional()
    .meta({ description: "Path template or its beginning, e.g. /v1/weather/watch" }),
  request_id: z.uuid({ message: "must be a UUID (the X-Request-Id of a response)" }).optional(),
  source: z.enum(REQUEST_SOURCES, { message: "must be api, portal or playground" }).optional().meta({
    description:
      "Who made the call: api (a key or token from your code, MCP included), portal (this portal's own calls) or playground (the portal's playground acting as one of your keys)",
  }),
  portal_reads: z.enum(["true", "false"], { message: "must be true or false" }).default("false").meta({
    description:
      "The portal's own reads (GET calls made by the signed-in portal) are left out unless true; source=portal and request_id show them anyway",
  }),
  key_id: intQuery("key_id").optional().meta({
    description: "Only calls made with this API key (its id from GET /api/developer/keys), the playground's included",
  }),
  token_id: intQuery("token_id")
    .optional()
    .meta({ description: "Only calls made with this access token (its id from GET /api/developer/tokens)" }),
  since: IsoDateTime.optional().meta({ description: "Only calls made at or after this instant (ISO 8601)" }),
  until: IsoDateTime.optional().meta({ description: "Only calls made before this instant (ISO 8601)" }),
  cursor: z.string().max(300, "must be at most 300 characters").optional(),
});
export type ListRequestsFilters = z.output<typeof ListRequestsQuery>;

/**
 * A key or token id in the query: the canonical integer form only (as in paths, lib/http/ids.ts).
 * One past the integer range is well-formed and names no credential: it lists nothing (as such an
 * id in a path is a 404), so the documented pattern is the whole rule.
 */
function intQuery(name: string) {
  return z.string().regex(CANONICAL_INT_ID, `${name} must be a positive integer id`).transform(Number);
}

type Row = RequestLogFields & {
  id: string | number;
  at: Date | string;
  at_text: string;
  credential_prefix: string | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const SELECT_ROW = sql`SELECT r.id, r.request_id, r.at, r.at::text AS at_text, r.method, r.path, r.status, r.latency_ms, r.credential_type, r.credential_id,
    r.billing_units, r.error_code, r.error_message, r.source, r.tool,
    CASE r.credential_type
      WHEN 'api_key' THEN (SELECT key_prefix FROM api_keys WHERE id::text = r.credential_id)
      WHEN 'access_token' THEN (SELECT token_prefix FROM access_tokens WHERE id::text = r.credential_id)
      WHEN 'visa_key' THEN (SELECT key_prefix FROM visa_keys WHERE id::text = r.credential_id)
    END AS credential_prefix`;

/**
 * How many of the newest rows (within the time range and cursor) the first, ordered pass reads.
 * Filters that match often fill a page within them; fewer matches than a page there means the
 * filters are rare, and the second pass collects them through their indexes instead.
 */
const RECENT_WINDOW = 5000;

/**
 * The newest `take` rows matching the filters. An ordered scan that filters as it goes (what the
 * planner picks under a LIMIT) reads every row of the account when the filters match nothing, e.g.
 * status=429 on a path that never got one: 228 ms at 1 M rows (issue 42 item 9). So: first the
 * newest RECENT_WINDOW rows of the range, filtered; if they hold a full page, that is the answer.
 * Otherwise the matches are rare: a MATERIALIZED CTE without ORDER BY or LIMIT collects them all
 * through the filters' own indexes (nothing for the planner to bet an ordered scan on), and only
 * those few are sorted. Not `SET LOCAL enable_indexscan/enable_seqscan = off` (the shape before,
 * decision 0168): the disabled seq scans of the prefix look-ups priced the plan past
 * jit_above_cost, and JIT compiling took 2-4 s per call on Postgres.
 */
async function findRows(accountId: string, bounds: SQL[], filters: SQL[], f: ListRequestsFilters, take: number) {
  const db = await getDb();
  const scope = sql.join([sql`r.account_id = ${accountId}::uuid`, ...bounds], sql` AND `);
  const all = sql.join([scope, ...filters], sql` AND `);
  // No filter, or a request id (its own unique index): the plain ordered query is already exact and fast.
  if (filters.length === 0 || f.request_id)
    return queryRows<Row>(
      db,
      sql`${SELECT_ROW} FROM request_log r WHERE ${all} ORDER BY r.at DESC, r.id DESC LIMIT ${take}`,
    );
  const recent = await queryRows<Row>(
    db,
    sql`${SELECT_ROW} FROM (SELECT * FROM request_log r WHERE ${scope} ORDER BY r.at DESC, r.id DESC LIMIT ${RECENT_WINDOW}) r
      WHERE ${sql.join(filters, sql` AND `)} ORDER BY r.at DESC, r.id DESC LIMIT ${take}`,
  );
  if (recent.length >= take) return recent;
  return db.transaction(async (tx) => {
    // The statement is prepared (lib/db/prepare-by-default.ts): a generic plan, made for no account and
    // no path, cannot use the path index for LIKE $n and chose 66,000-row status ranges (p99 160 ms).
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
    return queryRows<Row>(
      tx,
      sql`WITH matches AS MATERIALIZED (SELECT * FROM request_log r WHERE ${all})
        ${SELECT_ROW} FROM matches r ORDER BY r.at DESC, r.id DESC LIMIT ${take}`,
    );
  });
}

/** The account's logged requests, newest first (rows land within about a second of the response). */
export async function listRequests(accountId: string, f: ListRequestsFilters) {
  // Bounds that the page order index (account_id, at, id) serves: the time range and the cursor.
  const bounds: SQL[] = [];
  // A time range also limits the scan to the daily partitions it overlaps.
  if (f.since) bounds.push(sql`r.at >= ${f.since}::timestamptz`);
  if (f.until) bounds.push(sql`r.at < ${f.until}::timestamptz`);
  if (f.cursor) {
    const c = decodeCursor(f.cursor, "bigint");
    // The plain bound on `at` lets the planner skip the newer daily partitions (a row comparison prunes none).
    bounds.push(sql`r.at <= ${c.at}::timestamptz AND (r.at, r.id) < (${c.at}::timestamptz, ${c.id}::bigint)`);
  }
  const filters: SQL[] = [];
  if (f.status) {
    // A class is a range of request_log_status_at_idx (account_id, status, at); an exact status, one value of it.
    const n = Number(f.status[0]);
    if (f.status.endsWith("xx")) filters.push(sql`r.status >= ${n * 100}::int AND r.status < ${n * 100 + 100}::int`);
    else filters.push(sql`r.status = ${Number(f.status)}::int`);
  }
  if (f.path) filters.push(sql`r.path LIKE ${escapeLike(f.path) + "%"}`);
  if (f.request_id) filters.push(sql`r.request_id = ${f.request_id}::uuid`);
  if (f.source) filters.push(sql`r.source = ${f.source}`);
  // The portal polls this log and its own pages: those reads would bury the calls the user made.
  else if (f.portal_reads !== "true" && !f.request_id)
    filters.push(sql`NOT (r.source = 'portal' AND r.method IN ('GET', 'HEAD'))`);
  if (f.key_id !== undefined)
    filters.push(sql`r.credential_type = 'api_key' AND r.credential_id = ${String(f.key_id)}`);
  if (f.token_id !== undefined)
    filters.push(sql`r.credential_type = 'access_token' AND r.credential_id = ${String(f.token_id)}`);
  const rows = await findRows(accountId, bounds, filters, f, f.limit + 1);
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
      credential: {
        type: r.credential_type as "api_key" | "access_token" | "session" | "visa_key" | "none",
        id: r.credential_id === null ? null : Number(r.credential_id),
        prefix: r.credential_prefix,
      },
      billing_units: r.billing_units,
      error_code: r.error_code,
      error_message: r.error_message,
      source: r.source as RequestSource,
      tool: r.tool,
    })),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.at_text, id: String(last.id) }) : null,
  };
}

/**
 * Retention (REQUEST_LOG_RETENTION_DAYS): drops the daily partitions whose rows are all older
 * than the window (a row stays at most one day longer), then deletes, a batch at a time, old rows
 * that landed in the DEFAULT partition. Returns partitions dropped + rows deleted (0: nothing due).
 */
export async function pruneRequestLog(batch = 5000): Promise<number> {
  const dropped = await dropExpiredPartitions(REQUEST_LOG_PARTITIONS, REQUEST_LOG_RETENTION_DAYS);
  return dropped + (await deleteExpiredDefaultRows(REQUEST_LOG_PARTITIONS, REQUEST_LOG_RETENTION_DAYS, batch));
}
