import { eq, inArray } from "drizzle-orm";
import { accounts, watches } from "@/drizzle/schema";
import { getDb, type Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import {
  cellFor,
  getSnapshot,
  isBudgetDenied,
  providerIdFor,
  upstreamSettings,
  type SnapshotResult,
} from "@/lib/weather";
import { LeaseHeartbeat } from "@/lib/jobs/lease-heartbeat";
import { renewWatchClaims, type WatchClaim } from "./claim-watches";
import { recordDeferral, recordFailure, recordSuccess, type RefreshOutcome, type WatchRow } from "./record-refresh";
import { windowWeatherFrom, type WindowWeather } from "./window-weather";
import { refreshTripClaims } from "./trip/refresh-trip-watches";

/** Cells of one batch resolved at once (each may wait for an upstream call). */
const CELL_CONCURRENCY = 4;
/** Refresh results written per transaction. */
const WRITE_CHUNK = 25;

interface Claimed {
  w: WatchRow;
  environment: "production" | "sandbox";
  claim: WatchClaim;
}

/**
 * Refreshes a batch of claimed watches, grouped by cell (issue 34): one snapshot per cell for
 * every watch in it, fresh when no older than the provider's update interval (configurable per
 * provider), so a pass costs one upstream call per stale cell rather than one per watch. The
 * snapshot comes through the weather core's single flight, which holds across instances (a
 * claim row per cell), and at background priority against the provider's upstream budget.
 * Each watch's window is then evaluated on that snapshot and its result written under its claim.
 */
export async function refreshClaims(
  claims: WatchClaim[],
  opts: { now?: () => Date } = {},
): Promise<Map<string, RefreshOutcome>> {
  const clock = opts.now ?? (() => new Date());
  const db = await getDb();
  const out = new Map<string, RefreshOutcome>();
  if (claims.length === 0) return out;
  // The claims' short lease is renewed while this batch works (upstream calls may take a while).
  const heartbeat = new LeaseHeartbeat<WatchClaim>("watch-refresh", (held) => renewWatchClaims(db, held, clock()));
  for (const c of claims) heartbeat.hold(c.claimToken, c);
  try {
    return await refreshHeld(db, claims, clock, out);
  } finally {
    await heartbeat.stop();
  }
}

async function refreshHeld(
  db: Db,
  claims: WatchClaim[],
  clock: () => Date,
  out: Map<string, RefreshOutcome>,
): Promise<Map<string, RefreshOutcome>> {
  const byId = new Map(claims.map((c) => [c.id, c]));
  const rows = await db
    .select({ w: watches, environment: accounts.environment })
    .from(watches)
    .innerJoin(accounts, eq(accounts.id, watches.accountId))
    .where(inArray(watches.id, [...byId.keys()]));
  const cells = new Map<string, Claimed[]>();
  const trips: Claimed[] = [];
  for (const r of rows) {
    const claim = byId.get(r.w.id)!;
    // Lost its claim (lease lapsed and retaken) or cancelled/paused since: not ours to write.
    if (r.w.claimToken !== claim.claimToken || r.w.status !== "active") continue;
    // A trip watch follows its trip's events, each at its own place (trip/refresh-trip-watches.ts).
    if (r.w.targetType === "trip") {
      trips.push({ w: r.w, environment: r.environment, claim });
      continue;
    }
    const key = cellFor(r.w.latitude, r.w.longitude, providerIdFor(r.environment)).key;
    const group = cells.get(key) ?? [];
    group.push({ w: r.w, environment: r.environment, claim });
    cells.set(key, group);
  }
  for (const c of claims) out.set(c.id, { outcome: "skipped", reason: "claim_lost" });

  // 1. One snapshot per cell (a few cells at once: each may wait for an upstream call).
  const queue = [...cells.values()];
  const successes: Array<{ c: Claimed; weather: WindowWeather }> = [];
  const others: Array<{ c: Claimed; failure: unknown }> = [];
  await Promise.all(
    Array.from({ length: Math.min(CELL_CONCURRENCY, queue.length) }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        const snap = await cellSnapshot(group[0]);
        // 2. Every watch of the cell evaluated on it (pure CPU).
        for (const c of group) {
          if ("snapshot" in snap) successes.push({ c, weather: evaluate(c.w, snap.snapshot, clock()) });
          else others.push({ c, failure: snap.failure });
        }
      }
    }),
  );
  // 3. Results written WRITE_CHUNK watches per transaction, their statements pipelined on one connection.
  for (let i = 0; i < successes.length; i += WRITE_CHUNK) {
    for (const [id, outcome] of await writeChunk(db, successes.slice(i, i + WRITE_CHUNK), clock)) out.set(id, outcome);
  }
  for (const [id, outcome] of await refreshTripClaims(db, trips, clock)) out.set(id, outcome);
  for (const { c, failure } of others) {
    try {
      if (isBudgetDenied(failure)) {
        const retry = Number((failure.details as { retry_after_s?: number } | null)?.retry_after_s ?? 60);
        out.set(c.w.id, await recordDeferral(db, c.w, c.claim, retry, clock()));
      } else {
        out.set(c.w.id, await recordFailure(db, c.w, c.claim, failure, clock()));
      }
    } catch (err) {
      log.error("watch refresh crashed", { watch_id: c.w.id, error: err });
    }
  }
  return out;
}

async function cellSnapshot(first: Claimed): Promise<{ snapshot: SnapshotResult } | { failure: unknown }> {
  try {
    const snapshot = await getSnapshot({
      lat: first.w.latitude,
      lng: first.w.longitude,
      environment: first.environment,
      use: "forecast",
      maxAgeMs: upstreamSettings(providerIdFor(first.environment)).updateIntervalMs,
      staleWhileRevalidate: false,
      priority: "background",
    });
    return { snapshot };
  } catch (failure) {
    return { failure };
  }
}

/** The watch's window on the snapshot, from the current hour (a window under way is judged on what is left). */
function evaluate(w: WatchRow, snapshot: SnapshotResult, now: Date): WindowWeather {
  const hourStart = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
  return windowWeatherFrom(snapshot, {
    start: w.startsAt > hourStart ? w.startsAt : hourStart,
    end: w.endsAt,
    activityType: w.activityType,
    transportMode: w.transportMode,
  });
}

/**
 * One transaction for a chunk of results. Should it fail (an unexpected database error), each
 * watch is written alone so one bad row cannot hold the others; a watch that still fails keeps
 * its claim until the lease lapses and is retried then.
 */
async function writeChunk(
  db: Db,
  chunk: Array<{ c: Claimed; weather: WindowWeather }>,
  clock: () => Date,
): Promise<Map<string, RefreshOutcome>> {
  const out = new Map<string, RefreshOutcome>();
  try {
    const results = await db.transaction((tx) =>
      Promise.all(chunk.map(({ c, weather }) => recordSuccess(tx, c.w, c.claim, weather, clock()))),
    );
    chunk.forEach(({ c }, i) => out.set(c.w.id, results[i]));
    return out;
  } catch (err) {
    log.warn("watch refresh batch write failed; writing one by one", { watches: chunk.length, error: err });
  }
  for (const { c, weather } of chunk) {
    try {
      out.set(c.w.id, await db.transaction((tx) => recordSuccess(tx, c.w, c.claim, weather, clock())));
    } catch (err) {
      log.error("watch refresh crashed", { watch_id: c.w.id, error: err });
    }
  }
  return out;
}
