import { sql } from "drizzle-orm";
import { weatherSnapshots } from "@/drizzle/schema";
import { onDatabaseChange, type DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import type { NormalizedForecast, StoredSimulation } from "@/lib/weather/core/types";

export interface SnapshotHead {
  id: string;
  cacheKey: string;
  geohash: string;
  provider: string;
  fetchedAt: Date;
  validFrom: Date;
  validTo: Date;
  simulations: StoredSimulation[];
}

// Immutable payloads parsed once per process (bounded; insertion order = LRU-ish eviction).
const payloadCache = new Map<string, NormalizedForecast>();
onDatabaseChange(() => payloadCache.clear());
const PAYLOAD_CACHE_MAX = 2000;

function remember(id: string, f: NormalizedForecast) {
  if (payloadCache.size >= PAYLOAD_CACHE_MAX) payloadCache.delete(payloadCache.keys().next().value!);
  payloadCache.set(id, f);
}

type HeadRow = {
  id: string;
  cache_key: string;
  geohash: string;
  provider: string;
  fetched_at: string | Date;
  valid_from: string | Date;
  valid_to: string | Date;
  simulations: unknown;
};

function parseSims(v: unknown): StoredSimulation[] {
  const arr = typeof v === "string" ? JSON.parse(v) : v;
  if (!Array.isArray(arr)) return [];
  return arr.map((s) => ({
    id: s.id,
    geohash: s.geohash,
    kind: s.kind,
    startsAt: new Date(s.starts_at).toISOString(),
    endsAt: new Date(s.ends_at).toISOString(),
    params: s.params ?? {},
    createdAt: new Date(s.created_at).toISOString(),
  }));
}

// Newest heads read in the last HEAD_MEMO_MS, per cache key (DESIGN: "an in-process LRU may sit
// in front of the table"). It spares the warm path its only query; an injection or a new
// snapshot made by another process shows up here within HEAD_MEMO_MS.
export const HEAD_MEMO_MS = 1000;
const headMemo = new Map<string, { head: SnapshotHead; at: number }>();
onDatabaseChange(() => headMemo.clear());

function memoHead(head: SnapshotHead): void {
  if (headMemo.size >= 5000) headMemo.delete(headMemo.keys().next().value!);
  headMemo.set(head.cacheKey, { head, at: Date.now() });
}

/** Drops memoised heads (all, or one geohash's): called when this process injects conditions. */
export function forgetHeads(geohash?: string): void {
  if (!geohash) return headMemo.clear();
  for (const [k, v] of headMemo) if (v.head.geohash === geohash) headMemo.delete(k);
}

/** Like latestHeads, answering from the short in-process memo where it can. */
export async function latestHeadsMemo(db: DbOrTx, keys: string[]): Promise<Map<string, SnapshotHead>> {
  const now = Date.now();
  const out = new Map<string, SnapshotHead>();
  const missing: string[] = [];
  for (const k of keys) {
    const m = headMemo.get(k);
    if (m && now - m.at <= HEAD_MEMO_MS) out.set(k, m.head);
    else missing.push(k);
  }
  if (missing.length) for (const [k, h] of await latestHeads(db, missing)) out.set(k, h);
  return out;
}

/**
 * Newest snapshot head per cache key, with the cell's simulations that end after the
 * snapshot's start, in one round trip (the warm path). Payloads come separately.
 */
export async function latestHeads(db: DbOrTx, keys: string[]): Promise<Map<string, SnapshotHead>> {
  const out = new Map<string, SnapshotHead>();
  if (keys.length === 0) return out;
  const rows = await queryRows<HeadRow>(
    db,
    sql`select distinct on (s.cache_key) s.id, s.cache_key, s.geohash, s.provider, s.fetched_at, s.valid_from, s.valid_to,
          case when s.provider = 'simulated' then (
            select coalesce(json_agg(json_build_object('id', w.id, 'geohash', w.geohash, 'kind', w.kind,
                     'starts_at', w.starts_at, 'ends_at', w.ends_at, 'params', w.params, 'created_at', w.created_at)), '[]'::json)
              from weather_simulations w where w.geohash = s.geohash and w.ends_at > s.valid_from)
          else '[]'::json end as simulations
        from weather_snapshots s
        where s.cache_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by s.cache_key, s.fetched_at desc`,
  );
  for (const r of rows) {
    out.set(r.cache_key, {
      id: r.id,
      cacheKey: r.cache_key,
      geohash: r.geohash,
      provider: r.provider,
      fetchedAt: new Date(r.fetched_at),
      validFrom: new Date(r.valid_from),
      validTo: new Date(r.valid_to),
      simulations: parseSims(r.simulations),
    });
  }
  for (const h of out.values()) memoHead(h);
  return out;
}

export async function loadPayload(db: DbOrTx, id: string): Promise<NormalizedForecast> {
  const hit = payloadCache.get(id);
  if (hit) return hit;
  const rows = await queryRows<{ payload: unknown }>(db, sql`select payload from weather_snapshots where id = ${id}`);
  if (!rows[0]) throw new Error(`snapshot ${id} vanished`);
  const p = rows[0].payload;
  const f = (typeof p === "string" ? JSON.parse(p) : p) as NormalizedForecast;
  remember(id, f);
  return f;
}

export async function insertSnapshot(
  db: DbOrTx,
  v: { cacheKey: string; geohash: string; provider: string; forecast: NormalizedForecast },
): Promise<SnapshotHead> {
  const times = v.forecast.hourly.map((h) => Date.parse(h.time)).filter((t) => Number.isFinite(t));
  const fetchedAt = new Date(v.forecast.fetchedAt);
  const validFrom = new Date(times.length ? Math.min(...times) : fetchedAt.getTime());
  const validTo = new Date(times.length ? Math.max(...times) + 3_600_000 : fetchedAt.getTime() + 3_600_000);
  const [row] = await db
    .insert(weatherSnapshots)
    .values({
      cacheKey: v.cacheKey,
      geohash: v.geohash,
      provider: v.provider,
      fetchedAt,
      validFrom,
      validTo,
      payload: v.forecast,
    })
    .returning({ id: weatherSnapshots.id });
  remember(row.id, v.forecast);
  // The next read goes to the table (and picks up the cell's simulations with the new head).
  headMemo.delete(v.cacheKey);
  return {
    id: row.id,
    cacheKey: v.cacheKey,
    geohash: v.geohash,
    provider: v.provider,
    fetchedAt,
    validFrom,
    validTo,
    simulations: [],
  };
}

/** Number of stored snapshots of a cell (= upstream fetches made for it). */
export async function snapshotCount(db: DbOrTx, cacheKey: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from weather_snapshots where cache_key = ${cacheKey}`,
  );
  return Number(rows[0]?.n ?? 0);
}
