import { and, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { watches, type WatchStatus } from "@/drizzle/schema";
import { getDb, type Db, type DbOrTx } from "@/lib/db/client";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { notFound } from "@/lib/http/errors";
import { serializeWatch, type serializeWatchCreated, type ChangeEventView } from "./serialize";

/** How many change events a read carries. */
export const RECENT_EVENTS_LIMIT = 20;

/** A watch row, scoped to its owner: another account's watch is "not found". */
export async function findOwnedWatch(db: DbOrTx, accountId: string, watchId: string) {
  const [w] = await db.select().from(watches).where(and(eq(watches.id, watchId), eq(watches.accountId, accountId))).limit(1);
  if (!w) throw notFound("Watch");
  return w;
}

// Built once per database handle (as verify-api-key.ts does): drizzle skips rebuilding the SQL
// on every read (its query building was ~10% of a read's CPU) and the statement is a named
// prepared statement on each connection.
const preparedGet = new WeakMap<Db, ReturnType<typeof buildGetQuery>>();
const preparedList = new WeakMap<Db, ReturnType<typeof buildListQuery>>();

function buildGetQuery(db: Db) {
  return db
    .select({
      w: watches,
      events: sql<ChangeEventView[]>`(
        SELECT coalesce(json_agg(json_build_object(
                 'event_id', e.id, 'type', e.type,
                 'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'snapshot_id', e.snapshot_id, 'data', e.data) ORDER BY e.created_at DESC, e.id DESC), '[]'::json)
        FROM (SELECT ev.id, ev.type, ev.created_at, ev.snapshot_id, ev.data FROM watch_events ev
              WHERE ev.watch_id = "watches"."id" AND ev.type <> 'weather.snapshot_refreshed'
              ORDER BY ev.created_at DESC, ev.id DESC
              LIMIT ${RECENT_EVENTS_LIMIT}) e)`,
    })
    .from(watches)
    .where(and(eq(watches.id, sql.placeholder("watchId")), eq(watches.accountId, sql.placeholder("accountId"))))
    .limit(1)
    .prepare("watch_get");
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
 * The full read shape in one statement: the owned watch with its recent change events
 * (snapshot_refreshed is routine; "change events" are everything else) aggregated
 * already in their response shape by a correlated subquery.
 */
export async function getWatch(accountId: string, watchId: string) {
  const db = await getDb();
  const [row] = await memo(preparedGet, db, buildGetQuery).execute({ watchId, accountId });
  if (!row) throw notFound("Watch");
  return serializeWatch(row.w, typeof row.events === "string" ? (JSON.parse(row.events) as ChangeEventView[]) : row.events);
}

/** A timestamptz as toISOString() writes it (UTC, milliseconds), in SQL. */
const isoUtc = (col: AnyPgColumn) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type WatchListItem = ReturnType<typeof serializeWatchCreated> & {
  last_checked_at: string | null;
  last_risk_level: string | null;
  failure_count: number;
  expired_at: string | null;
  updated_at: string;
};

// A list item is built by Postgres already in its response shape (one JSON value per row):
// mapping 20 rows column by column and formatting seven timestamps each was most of a list's
// CPU in Node. It never carries the latest snapshot or risk (large jsonb) nor the claim bookkeeping.
const LIST_COLUMNS = {
  item: sql<WatchListItem | string>`json_build_object(
    'watch_id', ${watches.id}, 'status', ${watches.status}, 'target_type', ${watches.targetType},
    'target_ref', ${watches.targetRef}, 'latitude', ${watches.latitude}, 'longitude', ${watches.longitude},
    'place_type', ${watches.placeType}, 'activity_type', ${watches.activityType},
    'transport_mode', ${watches.transportMode}, 'outdoor', ${watches.outdoor},
    'starts_at', ${isoUtc(watches.startsAt)}, 'ends_at', ${isoUtc(watches.endsAt)},
    'webhook_url', ${watches.webhookUrl}, 'change_rules', ${watches.changeRules},
    'next_check_at', ${isoUtc(watches.nextCheckAt)}, 'created_at', ${isoUtc(watches.createdAt)},
    'last_checked_at', ${isoUtc(watches.lastCheckedAt)}, 'last_risk_level', ${watches.lastRiskLevel},
    'failure_count', ${watches.failureCount}, 'expired_at', ${isoUtc(watches.expiredAt)},
    'updated_at', ${isoUtc(watches.updatedAt)})`.as("item"),
  // created_at in Postgres's own text form (microseconds kept) for the page cursor: a boundary
  // never skips or repeats watches created in the same millisecond.
  atText: sql<string>`${watches.createdAt}::text`.as("at_text"),
  id: watches.id,
};

/** The common page (first page, any status): prepared once per handle. */
function buildListQuery(db: Db) {
  return db
    .select(LIST_COLUMNS)
    .from(watches)
    .where(eq(watches.accountId, sql.placeholder("accountId")))
    .orderBy(desc(watches.createdAt), desc(watches.id))
    .limit(sql.placeholder("limit"))
    .prepare("watch_list_first");
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listWatches(accountId: string, opts: { limit: number; cursor?: string; status?: WatchStatus }) {
  const db = await getDb();
  const conds = [eq(watches.accountId, accountId)];
  if (opts.status) conds.push(eq(watches.status, opts.status));
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    conds.push(sql`(${watches.createdAt}, ${watches.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const rows =
    conds.length === 1
      ? await memo(preparedList, db, buildListQuery).execute({ accountId, limit: opts.limit + 1 })
      : await db
          .select(LIST_COLUMNS)
          .from(watches)
          .where(and(...conds))
          .orderBy(desc(watches.createdAt), desc(watches.id))
          .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const more = rows.length > opts.limit;
  return {
    // Drivers differ: postgres-js hands json over parsed, PGlite as text.
    watches: page.map((r) => (typeof r.item === "string" ? (JSON.parse(r.item) as WatchListItem) : r.item)),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.atText, id: last.id }) : null,
  };
}
