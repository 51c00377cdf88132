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
 * How many of the newest rows (within the time range and cursor) the first, ordered pass reads, per
 * row of the page: filters that match at least one row in 20 fill their page within them (reading
 * only as far as they need). Fewer matches than a page there means the filters are rare, and the
 * windowed passes collect them through their indexes instead. Not a fixed 5,000: on a 1 % account
 * those rows lie on 5,000 different heap pages, read for nothing when the filters are rare.
 */
const RECENT_ROWS_PER_PAGE_ROW = 20;

/**
 * Edges of the rare-match passes' time windows, hours back from the newest instant the listing can
 * show: [0, 1 h), [1 h, 4 h), [4 h, 16 h), [16 h, 64 h), then everything older. The edges only
 * bound how much one pass collects; any decreasing edges give the same rows.
 */
const WINDOW_EDGES_HOURS = [1, 4, 16, 64];
const HOUR_MS = 3_600_000;

/** Where the listing's time windows start: the newest instant it can show (now, `until`, or the cursor's row). */
interface ListingSpan {
  anchorMs: number;
  sinceMs?: number;
}

/**
 * The newest `take` rows matching the filters. An ordered scan that filters as it goes (what the
 * planner picks under a LIMIT) reads every row of the account when the filters match nothing, e.g.
 * status=429 on a path that never got one: 228 ms at 1 M rows (issue 42 item 9). So: first the
 * newest rows of the range (RECENT_ROWS_PER_PAGE_ROW per page row), filtered; if they hold a full
 * page, that is the answer. Otherwise the matches are rare, and they are collected window by window
 * back in time (WINDOW_EDGES_HOURS), each window a MATERIALIZED CTE without ORDER BY or LIMIT
 * (nothing for the planner to bet an ordered scan on: the filters' own indexes find them), until a
 * page is full. A filter that is rare but not absent (a token's 4xx calls, 0.9 % of the rows) fills
 * its page within the first hours instead of collecting a week of matches (decision 0172); a
 * combination that matches nothing costs what its indexes hold over the whole range, as before.
 */
async function findRows(
  accountId: string,
  bounds: SQL[],
  span: ListingSpan,
  filters: SQL[],
  f: ListRequestsFilters,
  take: number,
) {
  const db = await getDb();
  const scope = sql.join([sql`r.account_id = ${accountId}::uuid`, ...bounds], sql` AND `);
  const all = sql.join([scope, ...filters], sql` AND `);
  // No filter, or a request id (its own unique index): the plain ordered query is already exact and fast.
  if (filters.length === 0 || f.request_id)
    return queryRows<Row>(
      db,
      sql`${SELECT_ROW} FROM request_log r WHERE ${all} ORDER BY r.at DESC, r.id DESC LIMIT ${take}`,
    );
  return db.transaction(async (tx) => {
    // Every pass is planned for its own values. The statements are prepared (lib/db/prepare-by-default.ts),
    // and a cached generic plan is made for no account, no path and no time: it cannot use the path index
    // for LIKE $n (rare pass: p99 160 ms), prunes no partition at planning, and for the newest-rows pass
    // it walked the whole table's time index filtering on the account: right for the hot account, 500,000
    // rows for a 1 % account (its status=429 + path case: p50 61 ms, p99 138 ms).
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_custom_plan`);
    const recent = await queryRows<Row>(
      tx,
      sql`${SELECT_ROW} FROM (SELECT * FROM request_log r WHERE ${scope} ORDER BY r.at DESC, r.id DESC LIMIT ${take * RECENT_ROWS_PER_PAGE_ROW}) r
        WHERE ${sql.join(filters, sql` AND `)} ORDER BY r.at DESC, r.id DESC LIMIT ${take}`,
    );
    if (recent.length >= take) return recent;
    const edge = (hours: number) => new Date(span.anchorMs - hours * HOUR_MS);
    const out: Row[] = [];
    for (let w = 0; w <= WINDOW_EDGES_HOURS.length && out.length < take; w++) {
      const window: SQL[] = [];
      if (w > 0) {
        const newer = edge(WINDOW_EDGES_HOURS[w - 1]);
        // This window and every older one end before `since`: nothing left to find.
        if (span.sinceMs !== undefined && newer.getTime() < span.sinceMs - 1) break;
        window.push(sql`r.at < ${newer.toISOString()}::timestamptz`);
      }
      if (w < WINDOW_EDGES_HOURS.length)
        window.push(sql`r.at >= ${edge(WINDOW_EDGES_HOURS[w]).toISOString()}::timestamptz`);
      out.push(
        ...(await queryRows<Row>(
          tx,
          sql`WITH matches AS MATERIALIZED (SELECT * FROM request_log r WHERE ${sql.join([all, ...window], sql` AND `)})
            ${SELECT_ROW} FROM matches r ORDER BY r.at DESC, r.id DESC LIMIT ${take - out.length}`,
        )),
      );
    }
    return out;
  });
}

/** The account's logged requests, newest first (rows land within about a second of the response). */
export async function listRequests(accountId: string, f: ListRequestsFilters) {
  // Bounds that the page order index (account_id, at, id) serves: the time range and the cursor.
  const bounds: SQL[] = [];
  const anchors = [Date.now()];
  // A time range also limits the scan to the daily partitions it overlaps.
  if (f.since) bounds.push(sql`r.at >= ${f.since}::timestamptz`);
  if (f.until) {
    bounds.push(sql`r.at < ${f.until}::timestamptz`);
    anchors.push(Date.parse(f.until));
  }
  if (f.cursor) {
    const c = decodeCursor(f.cursor, "bigint");
    // The plain bound on `at` lets the planner skip the newer daily partitions (a row comparison prunes none).
    bounds.push(sql`r.at <= ${c.at}::timestamptz AND (r.at, r.id) < (${c.at}::timestamptz, ${c.id}::bigint)`);
    anchors.push(Date.parse(c.at));
  }
  const span: ListingSpan = {
    // An anchor that does not parse leaves now: the edges only size the windows, they decide no row.
    anchorMs: Math.min(...anchors.filter((t) => Number.isFinite(t))),
    sinceMs: f.since ? Date.parse(f.since) : undefined,
  };
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
  const rows = await findRows(accountId, bounds, span, filters, f, f.limit + 1);
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
