import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { watches, type WatchStatus } from "@/drizzle/schema";
import { getDb, type Db, type DbOrTx } from "@/lib/db/client";
import { coalescedReader } from "@/lib/db/coalesce-reads";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { notFound } from "@/lib/http/errors";
import { UUID_SHAPE } from "@/lib/http/ids";
import { RawJson } from "@/lib/http/raw-json";
import type { z } from "zod";
import type { WatchListItemSchema, WatchSchema } from "./schemas";

/** How many change events a read carries. */
export const RECENT_EVENTS_LIMIT = 20;

/** A watch row, scoped to its owner: another account's watch is "not found". */
export async function findOwnedWatch(db: DbOrTx, accountId: string, watchId: string) {
  const [w] = await db
    .select()
    .from(watches)
    .where(and(eq(watches.id, watchId), eq(watches.accountId, accountId)))
    .limit(1);
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

function memo<T>(map: WeakMap<Db, T>, db: Db, build: (db: Db) => T): T {
  let q = map.get(db);
  if (!q) {
    q = build(db);
    map.set(db, q);
  }
  return q;
}

/** Comma-separated values as a Postgres array: plain text parameters, no driver-specific array encoding. */
const csvArray = (name: string, type: "uuid" | "int") =>
  sql`string_to_array(${sql.placeholder(name)}::text, ',')::${sql.raw(type)}[]`;

/**
 * The full read shapes of a batch of (watch, owner) pairs in one statement (lib/db/coalesce-reads.ts).
 * A watch of another account matches no pair: "not found", exactly as a read alone.
 */
function buildGetQuery(db: Db) {
  return db
    .select({
      id: watches.id,
      accountId: watches.accountId,
      // The stored list item without its closing brace, then the read's own fields.
      item: sql<string>`left(${watches.listItem}, -1) || ', ' || substr(json_build_object(
        'paused_at', ${isoUtc(watches.pausedAt)}, 'latest_snapshot', ${LATEST_SNAPSHOT},
        'latest_risk', ${watches.latestRisk}, 'trip', ${watches.tripState},
        'recent_change_events', ${RECENT_EVENTS})::text, 2)`.as("item"),
    })
    .from(watches)
    .where(
      sql`(${watches.id}, ${watches.accountId}) IN (SELECT * FROM unnest(${csvArray("watchIds", "uuid")}, ${csvArray("accountIds", "uuid")}))`,
    )
    .prepare("watch_get_batch");
}

/** A (owner, watch) pair, both ids lower-case as Postgres returns them. */
interface OwnedWatch {
  accountId: string;
  watchId: string;
}

const ownedKey = (accountId: string, watchId: string) => `${accountId}|${watchId}`;

const readWatch = coalescedReader<OwnedWatch, string>({
  key: (w) => ownedKey(w.accountId, w.watchId),
  async read(ws) {
    const db = await getDb();
    const rows = await memo(preparedGet, db, buildGetQuery).execute({
      watchIds: ws.map((w) => w.watchId).join(","),
      accountIds: ws.map((w) => w.accountId).join(","),
    });
    return new Map(rows.map((r) => [ownedKey(r.accountId, r.id), r.item]));
  },
});

/**
 * The full read shape of an owned watch with its recent change events, as the JSON text Postgres
 * built (spliced into the response as is, lib/http/raw-json.ts); reads in flight together share
 * one statement.
 */
export async function getWatch(accountId: string, watchId: string): Promise<RawJson<WatchView>> {
  const owned = { accountId: accountId.toLowerCase(), watchId: watchId.toLowerCase() };
  // Routes validate ids; one that is not a uuid must not fail its batch's cast.
  const item = UUID_SHAPE.test(owned.watchId) && UUID_SHAPE.test(owned.accountId) ? await readWatch(owned) : undefined;
  if (item === undefined) throw notFound("Watch");
  return new RawJson(item);
}

/**
 * A page in one row: the items as one JSON array (text: no driver parses it only for the response
 * to stringify it again), whether more follow, and the last item's keyset cursor parts. One row
 * instead of limit + 1 halves a list's client-side work (row decoding and mapping per row).
 * created_at is read in Postgres's own text form (microseconds kept) for the cursor: a boundary
 * never skips or repeats watches created in the same millisecond.
 */
function pageSelect(where: SQL, limit: SQL): SQL {
  const rows = sql`(SELECT ${watches.listItem} AS item, ${watches.createdAt} AS created_at, ${watches.id} AS id
      FROM ${watches} WHERE ${where}
      ORDER BY ${watches.createdAt} DESC, ${watches.id} DESC LIMIT ${limit}::int + 1) AS r`;
  const page = sql`(SELECT r.item, r.created_at, r.id, row_number() OVER (ORDER BY r.created_at DESC, r.id DESC) AS n FROM ${rows}) AS p`;
  return sql`SELECT '[' || coalesce(string_agg(p.item, ',' ORDER BY p.n) FILTER (WHERE p.n <= ${limit}::int), '') || ']' AS items,
      count(*) > ${limit}::int AS more,
      (max(p.created_at) FILTER (WHERE p.n = ${limit}::int))::text AS at_text,
      ((array_agg(p.id) FILTER (WHERE p.n = ${limit}::int))[1])::text AS last_id
    FROM ${page}`;
}

const pageFields = {
  items: sql<string>`pg.items`,
  more: sql<boolean>`pg.more`,
  atText: sql<string | null>`pg.at_text`,
  lastId: sql<string | null>`pg.last_id`,
};

type PageRow = { items: string; more: boolean; atText: string | null; lastId: string | null };

/** The common page (first page, any status) of a batch of accounts, one row each: prepared once per handle. */
function buildListQuery(db: Db) {
  const k = sql`unnest(${csvArray("accountIds", "uuid")}, ${csvArray("limits", "int")}) AS k(account_id, lim)`;
  return db
    .select({ accountId: sql<string>`k.account_id::text`, limit: sql<number>`k.lim`, ...pageFields })
    .from(sql`${k} CROSS JOIN LATERAL (${pageSelect(sql`${watches.accountId} = k.account_id`, sql`k.lim`)}) AS pg`)
    .prepare("watch_list_batch");
}

/** An owner (lower-case id, as Postgres returns it) and a page size. */
const firstPageKey = (p: { accountId: string; limit: number }) => `${p.accountId}|${p.limit}`;

const readFirstPage = coalescedReader<{ accountId: string; limit: number }, PageRow>({
  key: firstPageKey,
  async read(ps) {
    const db = await getDb();
    const rows = await memo(preparedList, db, buildListQuery).execute({
      accountIds: ps.map((p) => p.accountId).join(","),
      limits: ps.map((p) => p.limit).join(","),
    });
    return new Map(rows.map((r) => [firstPageKey(r), r]));
  },
});

interface ListOptions {
  limit: number;
  cursor?: string;
  status?: WatchStatus;
  /** Only the trip watches of this trip (the trip page's weather-alerts switch). */
  trip_id?: number;
}

export interface WatchPage {
  watches: WatchListItem[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Newest first, keyset-paginated on (created_at, id); the page as JSON text (lib/http/raw-json.ts).
 * First pages without a status filter (the common read) in flight together share one statement.
 */
export async function listWatches(accountId: string, opts: ListOptions): Promise<RawJson<WatchPage>> {
  const owner = accountId.toLowerCase();
  const firstPage =
    !opts.status &&
    !opts.cursor &&
    opts.trip_id === undefined &&
    UUID_SHAPE.test(owner) &&
    Number.isInteger(opts.limit);
  const row = firstPage
    ? await readFirstPage({ accountId: owner, limit: opts.limit })
    : await readPage(accountId, opts);
  if (!row) throw new Error("listWatches: the page statement returned no row");
  const cursor = row.more && row.atText && row.lastId ? encodeCursor({ at: row.atText, id: row.lastId }) : null;
  return new RawJson(`{"watches":${row.items},"has_more":${row.more},"next_cursor":${JSON.stringify(cursor)}}`);
}

/** A later or filtered page, read on its own. */
async function readPage(accountId: string, opts: ListOptions): Promise<PageRow | undefined> {
  const conds = [eq(watches.accountId, accountId)];
  if (opts.status) conds.push(eq(watches.status, opts.status));
  if (opts.trip_id !== undefined) conds.push(eq(watches.tripId, opts.trip_id));
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    conds.push(sql`(${watches.createdAt}, ${watches.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const [row] = await (
    await getDb()
  )
    .select(pageFields)
    .from(sql`(${pageSelect(and(...conds)!, sql`${opts.limit}`)}) AS pg`);
  return row;
}
