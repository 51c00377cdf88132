import { sql } from "drizzle-orm";
import { getDbHandle, type Db } from "@/lib/db/client";
import { providerById } from "../providers/select";
import type { Cell } from "./cells";
import { insertSnapshot, latestHeads, type SnapshotHead } from "./store";

// In-process single flight: concurrent refreshes of one cell share one promise.
const inflight = new Map<string, Promise<SnapshotHead>>();

/**
 * Fetches a cell from its provider and stores a new snapshot, unless a snapshot
 * fetched at or after `notOlderThan` appears while we wait (another request or
 * process did the work). Exactly one upstream call per cell at a time, within a
 * process (promise map) and across processes (Postgres advisory lock).
 */
export function refreshCell(cell: Cell, notOlderThan: Date): Promise<SnapshotHead> {
  const existing = inflight.get(cell.key);
  if (existing) return existing;
  const p = (async () => {
    const handle = await getDbHandle();
    return refreshAcrossProcesses(handle.db, handle.driver, cell, notOlderThan);
  })().finally(() => inflight.delete(cell.key));
  inflight.set(cell.key, p);
  return p;
}

/**
 * Cross-process part: a transaction-scoped advisory lock on the cache key
 * serialises refreshers; whoever gets the lock second re-reads and finds the first
 * one's snapshot. PGlite is single-process by design, so the promise map suffices
 * there (and a long transaction would block its only connection).
 */
export async function refreshAcrossProcesses(db: Db, driver: "postgres" | "pglite", cell: Cell, notOlderThan: Date): Promise<SnapshotHead> {
  if (driver === "pglite") return fetchAndStore(db, cell);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${cell.key}, 7001))`);
    const head = (await latestHeads(tx, [cell.key])).get(cell.key);
    if (head && head.fetchedAt.getTime() >= notOlderThan.getTime()) return head;
    return fetchAndStore(tx, cell);
  });
}

async function fetchAndStore(db: Parameters<typeof insertSnapshot>[0], cell: Cell): Promise<SnapshotHead> {
  const forecast = await providerById(cell.provider).fetchForecast(cell.center);
  return insertSnapshot(db, { cacheKey: cell.key, geohash: cell.geohash, provider: cell.provider, forecast });
}
