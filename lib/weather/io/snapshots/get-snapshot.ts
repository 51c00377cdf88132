import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { providerIdFor } from "@/lib/weather/io/providers/select";
import { activeSimulations, applySimulations } from "@/lib/weather/io/simulations";
import type { AccountEnvironmentName, NormalizedForecast, ProviderId, SnapshotUse } from "@/lib/weather/core/types";
import { cellFor, type Cell } from "@/lib/weather/core/cells";
import { isCircuitOpenError } from "./circuit";
import { refreshCell } from "./refresh-cell";
import { latestHeads, latestHeadsMemo, loadPayload, type SnapshotHead } from "./store";
import { isBudgetDenied, type UpstreamPriority } from "./upstream-budget";
import { upstreamSettings } from "@/lib/weather/io/providers/upstream-settings";

/** Freshness bands (DESIGN section 5). */
export const FRESH_MS: Record<SnapshotUse, number> = { current: 15 * 60_000, forecast: 60 * 60_000 };
/** Stale-while-revalidate and stale-if-error horizon. */
export const STALE_MAX_MS = 6 * 3_600_000;

export interface Snapshot {
  id: string;
  cell: string;
  provider: ProviderId;
  fetchedAt: Date;
  validFrom: Date;
  validTo: Date;
  /** Normalised forecast with simulated injections applied. */
  forecast: NormalizedForecast;
}

export type SnapshotCacheStatus = "HIT" | "MISS" | "STALE";

export interface SnapshotResult {
  snapshot: Snapshot;
  cacheStatus: SnapshotCacheStatus;
}

export interface GetSnapshotOptions {
  lat: number;
  lng: number;
  environment: AccountEnvironmentName;
  use: SnapshotUse;
  /** Bypass the freshness check; still single-flight per cell. */
  forceRefresh?: boolean;
  /** A snapshot at most this old is fresh (default: the use's band; watches: the provider's update interval). */
  maxAgeMs?: number;
  /** false: an older snapshot is not answered while a new one is fetched (watches wait for the fresh one). */
  staleWhileRevalidate?: boolean;
  /** Who waits for an upstream call (upstream-budget.ts): API requests are interactive, watch refreshes background. */
  priority?: UpstreamPriority;
}

type ResolveOptions = Omit<GetSnapshotOptions, "lat" | "lng" | "environment">;

/**
 * How old a snapshot may be and still be fresh: the use's band, never longer for current
 * conditions than the provider takes to publish new data; `maxAgeMs` overrides.
 */
export function freshForMs(provider: ProviderId, o: ResolveOptions): number {
  if (o.maxAgeMs !== undefined) return o.maxAgeMs;
  return o.use === "current"
    ? Math.min(FRESH_MS.current, upstreamSettings(provider).updateIntervalMs)
    : FRESH_MS[o.use];
}

export async function getSnapshot(o: GetSnapshotOptions): Promise<SnapshotResult> {
  const [r] = await getSnapshots([{ lat: o.lat, lng: o.lng }], o);
  return r;
}

/**
 * Snapshots for many points (timeline, route): one batched cache lookup, one
 * upstream fetch per missing cell; results in the order of `points`.
 */
export async function getSnapshots(
  points: Array<{ lat: number; lng: number }>,
  o: ResolveOptions & { environment: AccountEnvironmentName },
): Promise<SnapshotResult[]> {
  const provider = providerIdFor(o.environment);
  const cells = new Map<string, Cell>();
  const keys = points.map((p) => {
    const c = cellFor(p.lat, p.lng, provider);
    cells.set(c.key, c);
    return c.key;
  });
  const db = await getDb();
  const now = new Date();
  const heads = o.forceRefresh ? new Map<string, SnapshotHead>() : await latestHeadsMemo(db, [...cells.keys()]);
  const resolved = new Map<string, Promise<SnapshotResult>>();
  for (const [key, cell] of cells) resolved.set(key, resolveCell(cell, heads.get(key), o, now));
  const byKey = new Map<string, SnapshotResult>();
  await Promise.all([...resolved].map(async ([k, p]) => byKey.set(k, await p)));
  return keys.map((k) => byKey.get(k)!);
}

async function resolveCell(
  cell: Cell,
  head: SnapshotHead | undefined,
  o: ResolveOptions,
  now: Date,
): Promise<SnapshotResult> {
  const freshMs = freshForMs(cell.provider, o);
  const priority = o.priority ?? "interactive";
  if (head && !o.forceRefresh) {
    const age = now.getTime() - head.fetchedAt.getTime();
    if (age <= freshMs) return build(head, "HIT", now);
    if (age <= STALE_MAX_MS && o.staleWhileRevalidate !== false) {
      // Stale-while-revalidate: answer now, refresh in the background (single flight; background priority).
      refreshCell(cell, new Date(now.getTime() - freshMs), "background").catch((err) => {
        // An open circuit or a spent budget made no call: the first was logged when it opened, the second when it ran short.
        if (!isCircuitOpenError(err) && !isBudgetDenied(err))
          log.warn("background weather refresh failed", { cell: cell.key, error: (err as Error).message });
      });
      return build(head, "STALE", now);
    }
  }
  try {
    const fresh = await refreshCell(cell, o.forceRefresh ? now : new Date(now.getTime() - freshMs), priority);
    return build(fresh, "MISS", now);
  } catch (err) {
    // A background caller (watch refresh) defers on a spent budget rather than re-use what it already has.
    if (priority === "background" && isBudgetDenied(err)) throw err;
    // Stale-if-error: a snapshot younger than 6 h beats an error.
    const fallback = head ?? (await latestHeads(await getDb(), [cell.key])).get(cell.key);
    if (fallback && now.getTime() - fallback.fetchedAt.getTime() <= STALE_MAX_MS) {
      if (!isCircuitOpenError(err) && !isBudgetDenied(err))
        log.warn("weather provider failed; serving stale snapshot", { cell: cell.key, error: (err as Error).message });
      return build(fallback, "STALE", now);
    }
    throw err;
  }
}

async function build(head: SnapshotHead, cacheStatus: SnapshotCacheStatus, now: Date): Promise<SnapshotResult> {
  const db = await getDb();
  const payload = await loadPayload(db, head.id);
  // A freshly inserted head carries no simulations yet: read them (simulated provider only).
  const sims =
    head.provider === "simulated" && cacheStatus === "MISS"
      ? await activeSimulations(head.geohash, head.validFrom)
      : head.simulations;
  return {
    cacheStatus,
    snapshot: {
      id: head.id,
      cell: head.geohash,
      provider: head.provider as ProviderId,
      fetchedAt: head.fetchedAt,
      validFrom: head.validFrom,
      validTo: head.validTo,
      forecast: applySimulations(payload, sims, now),
    },
  };
}
