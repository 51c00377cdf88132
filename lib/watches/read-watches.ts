import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { watches, type WatchStatus } from "@/drizzle/schema";
import { getDb, type Db, type DbOrTx } from "@/lib/db/client";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { notFound } from "@/lib/http/errors";
import { RawJson } from "@/lib/http/raw-json";
import type { z } from "zod";
import type { WatchListItemSchema, WatchSchema } from "./schemas";

/** How many change events a read carries. */
export const RECENT_EVENTS_LIMIT = 20;

/** A watch row, scoped to its owner: another account's watch is "not found". */
export async function findOwnedWatch(db: DbOrTx, accountId: string, watchId: string) {
  const [w] = await db.select().from(watches).where(and(eq(watches.id, watchId), eq(watches.accountId, accountId))).limit(1);
  if (!w) throw notFound("Watch");
  return w;
}

/** A timestamptz as toISOString() writes it (UTC, milliseconds), in SQL. */
const isoUtc = (col: AnyPgColumn | SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type WatchListItem = z.infer<typeof WatchListItemSchema>;
export type WatchView = z.infer<typeof WatchSchema>;

// Reads are built by Postgres already in their response shape: mapping rows column by column and
// formatting their timestamps in Node was most of a read's CPU (a page of 20: 839 -> 466 us). The
// list item itself is stored as JSON text (watches.list_item, kept by a trigger: migration 0016),
// so a page is a concatenation and a read extends that text with its own fields. Field names and
// formats are those of schemas.ts; every route test checks the responses strictly against the
// document.

/** Freshness of the latest snapshot (DESIGN 5): fresh <= 60 min, stale <= 6 h, else expired. */
const LATEST_SNAPSHOT = sql`CASE WHEN ${watches.latestSnapshot} IS NULL THEN NULL ELSE json_build_object(
    'snapshot_id', ${watches.latestSnapshot}->'snapshot_id', 'forecast_type', ${watches.latestSnapshot}->'forecast_type',
    'valid_from', ${watches.latestSnapshot}->'valid_from', 'valid_to', ${watches.latestSnapshot}->'valid_to',
    'fetched_at', ${watches.latestSnapshot}->'fetched_at',
    'freshness_band', CASE WHEN now() - (${watches.latestSnapshot}->>'fetched_at')::timestamptz <= interval '60 minutes' THEN 'fresh'
                           WHEN now() - (${watches.latestSnapshot}->>'fetched_at')::timestamptz <= interval '6 hours' THEN 'stale'
                           ELSE 'expired' END,
    'metrics', ${watches.latestSnapshot}->'metrics', 'alerts', ${watches.latestSnapshot}->'alerts') END`;

/** The 20 newest change events (snapshot_refreshed is routine; change events are everything else). */
const RECENT_EVENTS = sql`(
    SELECT coalesce(json_agg(json_build_object(
             'event_id', e.id, 'type', e.type,
             'created_at', ${isoUtc(sql.raw("e.created_at"))},
             'snapshot_id', e.snapshot_id, 'data', e.data) ORDER BY e.created_at DESC, e.id DESC), '[]'::json)
    FROM (SELECT ev.id, ev.type, ev.created_at, ev.snapshot_id, ev.data FROM watch_events ev
          WHERE ev.watch_id = ${watches.id} AND ev.type <> 'weather.snapshot_refreshed'
          ORDER BY ev.created_at DESC, ev.id DESC
          LIMIT ${sql.raw(String(RECENT_EVENTS_LIMIT))}) e)`;

// Built once per database handle (as verify-api-key.ts does): drizzle skips rebuilding the SQL
// on every read and the statement is a named prepared statement on each connection.
const preparedGet = new WeakMap<Db, ReturnType<typeof buildGetQuery>>();
const preparedList = new WeakMap<Db, ReturnType<typeof buildListQuery>>();

function buildGetQuery(db: Db) {
  return db
    .select({
      // The stored list item without its closing brace, then the read's own fields.
      item: sql<string>`left(${watches.listItem}, -1) || ', ' || substr(json_build_object(
        'paused_at', ${isoUtc(watches.pausedAt)}, 'latest_snapshot', ${LATEST_SNAPSHOT},
        'latest_risk', ${watches.latestRisk}, 'recent_change_events', ${RECENT_EVENTS})::text, 2)`.as("item"),
    })
    .from(watches)
    .where(and(eq(watches.id, sql.placeholder("watchId")), eq(watches.accountId, sql.placeholder("accountId"))))
    .limit(1)
    .prepare("watch_get_json");
}

function memo<T>(map: WeakMap<Db, T>, db: Db, build: (db: Db) => T): T {
  let q = map.get(db);
  if (!q) {
    q = build(db);
    map.set(db, q);
  }
  return q;
}

/**
 * The full read shape in one statement: the owned watch with its recent change events, as the
 * JSON text Postgres built (spliced into the response as is, lib/http/raw-json.ts).
 */
export async function getWatch(accountId: string, watchId: string): Promise<RawJson<WatchView>> {
  const db = await getDb();
  const [row] = await memo(preparedGet, db, buildGetQuery).execute({ watchId, accountId });
  if (!row) throw notFound("Watch");
  return new RawJson(row.item);
}

/**
 * A page in one row: the items as one JSON array (text: no driver parses it only for the response
 * to stringify it again), whether more follow, and the last item's keyset cursor parts. One row
 * instead of limit + 1 halves a list's client-side work (row decoding and mapping per row).
 * created_at is read in Postgres's own text form (microseconds kept) for the cursor: a boundary
 * never skips or repeats watches created in the same millisecond.
 */
function pageQuery(db: Db, where: SQL, limit: SQL) {
  const rows = sql`(SELECT ${watches.listItem} AS item, ${watches.createdAt} AS created_at, ${watches.id} AS id
      FROM ${watches} WHERE ${where}
      ORDER BY ${watches.createdAt} DESC, ${watches.id} DESC LIMIT ${limit}::int + 1) AS r`;
  const page = sql`(SELECT r.item, r.created_at, r.id, row_number() OVER (ORDER BY r.created_at DESC, r.id DESC) AS n FROM ${rows}) AS p`;
  return db
    .select({
      items: sql<string>`'[' || coalesce(string_agg(p.item, ',' ORDER BY p.n) FILTER (WHERE p.n <= ${limit}::int), '') || ']'`,
      more: sql<boolean>`count(*) > ${limit}::int`,
      atText: sql<string | null>`(max(p.created_at) FILTER (WHERE p.n = ${limit}::int))::text`,
      lastId: sql<string | null>`((array_agg(p.id) FILTER (WHERE p.n = ${limit}::int))[1])::text`,
    })
    .from(page);
}

/** The common page (first page, any status): prepared once per handle. */
function buildListQuery(db: Db) {
  return pageQuery(db, sql`${watches.accountId} = ${sql.placeholder("accountId")}`, sql`${sql.placeholder("limit")}`).prepare("watch_list_page");
}

export interface WatchPage {
  watches: WatchListItem[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Newest first, keyset-paginated on (created_at, id); the page as JSON text (lib/http/raw-json.ts). */
export async function listWatches(accountId: string, opts: { limit: number; cursor?: string; status?: WatchStatus }): Promise<RawJson<WatchPage>> {
  const db = await getDb();
  const conds = [eq(watches.accountId, accountId)];
  if (opts.status) conds.push(eq(watches.status, opts.status));
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    conds.push(sql`(${watches.createdAt}, ${watches.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const [row] =
    conds.length === 1
      ? await memo(preparedList, db, buildListQuery).execute({ accountId, limit: opts.limit })
      : await pageQuery(db, and(...conds)!, sql`${opts.limit}`);
  const cursor = row.more && row.atText && row.lastId ? encodeCursor({ at: row.atText, id: row.lastId }) : null;
  return new RawJson(`{"watches":${row.items},"has_more":${row.more},"next_cursor":${JSON.stringify(cursor)}}`);
}
