import { and, desc, eq, lt, or, ne, sql } from "drizzle-orm";
import { watchEvents, watches, type WatchStatus } from "@/drizzle/schema";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { serializeWatch, serializeWatchCreated } from "./serialize";

/** How many change events a read carries. */
export const RECENT_EVENTS_LIMIT = 20;

/** A watch row, scoped to its owner: another account's watch is "not found". */
export async function findOwnedWatch(db: DbOrTx, accountId: string, watchId: string) {
  const [w] = await db.select().from(watches).where(and(eq(watches.id, watchId), eq(watches.accountId, accountId))).limit(1);
  if (!w) throw notFound("Watch");
  return w;
}

export async function getWatch(accountId: string, watchId: string) {
  const db = await getDb();
  const w = await findOwnedWatch(db, accountId, watchId);
  // snapshot_refreshed is routine; "change events" are everything else.
  const events = await db
    .select()
    .from(watchEvents)
    .where(and(eq(watchEvents.watchId, w.id), ne(watchEvents.type, "weather.snapshot_refreshed")))
    .orderBy(desc(watchEvents.createdAt), desc(watchEvents.id))
    .limit(RECENT_EVENTS_LIMIT);
  return serializeWatch(w, events);
}

interface Cursor {
  c: string;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if (typeof c.c !== "string" || typeof c.id !== "string" || Number.isNaN(Date.parse(c.c)) || !/^[0-9a-f-]{36}$/.test(c.id)) throw new Error();
    return c;
  } catch {
    throw new ApiError("bad_request", "Invalid cursor: pass the next_cursor value from the previous page unchanged.", {
      details: { location: "query", field: "cursor" },
    });
  }
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listWatches(accountId: string, opts: { limit: number; cursor?: string; status?: WatchStatus }) {
  const db = await getDb();
  const conds = [eq(watches.accountId, accountId)];
  if (opts.status) conds.push(eq(watches.status, opts.status));
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    const at = new Date(c.c);
    conds.push(or(lt(watches.createdAt, at), and(eq(watches.createdAt, at), sql`${watches.id} < ${c.id}::uuid`))!);
  }
  const rows = await db
    .select()
    .from(watches)
    .where(and(...conds))
    .orderBy(desc(watches.createdAt), desc(watches.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const more = rows.length > opts.limit;
  return {
    watches: page.map((w) => ({
      ...serializeWatchCreated(w),
      last_checked_at: w.lastCheckedAt?.toISOString() ?? null,
      last_risk_level: w.lastRiskLevel,
      failure_count: w.failureCount,
      expired_at: w.expiredAt?.toISOString() ?? null,
      updated_at: w.updatedAt.toISOString(),
    })),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ c: last.createdAt.toISOString(), id: last.id }) : null,
  };
}
