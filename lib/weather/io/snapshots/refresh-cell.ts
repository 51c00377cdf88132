import { sql } from "drizzle-orm";
import { assertDatabaseUp } from "@/lib/db/outage";
import { getDbHandle, type Db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { countUpstreamCall } from "@/lib/platform/metrics";
import { providerById } from "@/lib/weather/io/providers/select";
import type { Cell } from "@/lib/weather/core/cells";
import { circuitNow, closeCircuit, isProviderFault, openCircuitError, recordProviderFailure } from "./circuit";
import { insertSnapshot, latestHeads, type SnapshotHead } from "./store";
import { isBudgetDenied, takeUpstreamCall, type UpstreamPriority } from "./upstream-budget";

// In-process single flight: concurrent refreshes of one cell share one promise.
const inflight = new Map<string, { p: Promise<SnapshotHead>; priority: UpstreamPriority }>();

/**
 * Fetches a cell from its provider and stores a new snapshot, unless a snapshot
 * fetched at or after `notOlderThan` appears meanwhile (another request or process
 * did the work). One upstream call per cell at a time: within a process through the
 * promise map, across processes through a claim row in Postgres. While the cell's circuit is
 * open (circuit.ts) it fails at once with the recorded provider error, without calling upstream.
 */
export function refreshCell(
  cell: Cell,
  notOlderThan: Date,
  priority: UpstreamPriority = "interactive",
): Promise<SnapshotHead> {
  const existing = inflight.get(cell.key);
  if (existing) {
    // An interactive caller joining a background refresh the budget refused may still use the reserve.
    if (priority === "interactive" && existing.priority === "background") {
      return existing.p.catch((err) =>
        isBudgetDenied(err) ? refreshCell(cell, notOlderThan, priority) : Promise.reject(err),
      );
    }
    return existing.p;
  }
  const p = (async () => {
    assertDatabaseUp(); // the handle is used directly: short-circuit on the down state as getDb() does
    const handle = await getDbHandle();
    return refreshAcrossProcesses(handle.db, handle.driver, cell, notOlderThan, priority);
  })().finally(() => inflight.delete(cell.key));
  inflight.set(cell.key, { p, priority });
  return p;
}

/** How long a claim protects an upstream call: the provider timeout plus slack. */
function leaseMs(): number {
  return env().WEATHER_PROVIDER_TIMEOUT_MS + 2000;
}

/**
 * Cross-process part. Whoever inserts the claim row (or takes over an expired one)
 * fetches; the others poll for its snapshot, and take over if the claim is released
 * or expires without one (e.g. the winner's provider call failed). PGlite is one
 * process by design, so the promise map suffices there.
 */
export async function refreshAcrossProcesses(
  db: Db,
  driver: "postgres" | "pglite",
  cell: Cell,
  notOlderThan: Date,
  priority: UpstreamPriority = "interactive",
): Promise<SnapshotHead> {
  if (driver === "pglite") {
    const open = await openCircuitError(db, cell);
    if (open) throw shortCircuit(cell, open);
    const head = (await freshHead(db, cell.key, notOlderThan)) ?? (await fetchAndStore(db, cell, priority));
    await closeCircuit(db, cell);
    return head;
  }
  const lease = leaseMs();
  for (;;) {
    const open = await openCircuitError(db, cell);
    if (open) throw shortCircuit(cell, open);
    const claim = await tryClaim(db, cell.key, lease);
    if (claim) {
      try {
        // The previous claimant may have finished between our cache miss and our claim.
        const done = await freshHead(db, cell.key, notOlderThan);
        return done ?? (await fetchAndStore(db, cell, priority));
      } finally {
        await releaseClaim(db, cell.key, claim);
      }
    }
    const deadline = Date.now() + lease;
    let wait = 20;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 200);
      const head = await freshHead(db, cell.key, notOlderThan);
      if (head) return head;
      if (!(await claimActive(db, cell.key))) break; // released or expired: try to claim
    }
  }
}

function shortCircuit(cell: Cell, err: Error): Error {
  countUpstreamCall(cell.provider, "circuit_open");
  return err;
}

async function freshHead(db: Db, key: string, notOlderThan: Date): Promise<SnapshotHead | undefined> {
  const head = (await latestHeads(db, [key])).get(key);
  return head && head.fetchedAt.getTime() >= notOlderThan.getTime() ? head : undefined;
}

/**
 * Atomic: inserts the claim, or takes it over only when the holder's lease has run out.
 * Returns the claim's identity (its claimed_at as text) or undefined.
 */
async function tryClaim(db: Db, key: string, lease: number): Promise<string | undefined> {
  const rows = await queryRows<{ claimed_at: string }>(
    db,
    sql`insert into weather_refresh_claims (cache_key, claimed_until, claimed_at)
        values (${key}, now() + make_interval(secs => ${lease / 1000}), now())
        on conflict (cache_key) do update set claimed_until = excluded.claimed_until, claimed_at = excluded.claimed_at
          where weather_refresh_claims.claimed_until < now()
          and (weather_refresh_claims.open_until is null or weather_refresh_claims.open_until <= ${circuitNow()})
        returning claimed_at::text as claimed_at`,
  );
  return rows[0]?.claimed_at;
}

async function claimActive(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from weather_refresh_claims where cache_key = ${key} and claimed_until >= now()`,
  );
  return rows.length > 0;
}

/**
 * Deletes our claim only (after an expired lease someone else may hold the key), and not when
 * our call just opened the circuit: then the row stays as the open circuit, claim released.
 * Deleting it after a successful half-open probe closes the circuit.
 */
async function releaseClaim(db: Db, key: string, claim: string): Promise<void> {
  await db.execute(
    sql`delete from weather_refresh_claims where cache_key = ${key} and claimed_at::text = ${claim} and (open_until is null or open_until <= ${circuitNow()})`,
  );
}

async function fetchAndStore(db: Db, cell: Cell, priority: UpstreamPriority): Promise<SnapshotHead> {
  // Outside the try: a refused budget is not a provider fault and never opens the circuit.
  await takeUpstreamCall(db, cell.provider, priority);
  let forecast;
  try {
    forecast = await providerById(cell.provider).fetchForecast(cell.center);
  } catch (err) {
    if (isProviderFault(err)) {
      countUpstreamCall(cell.provider, err.code === "weather_refresh_timeout" ? "timeout" : "error");
      await recordProviderFailure(db, cell, err);
    }
    throw err;
  }
  countUpstreamCall(cell.provider, "ok");
  return insertSnapshot(db, { cacheKey: cell.key, geohash: cell.geohash, provider: cell.provider, forecast });
}
