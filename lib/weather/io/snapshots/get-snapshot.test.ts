import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPostgres } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { ApiError } from "@/lib/http/errors";
import { overrideProvider, upstreamCallCount } from "@/lib/weather/io/providers/select";
import { simulateForecast } from "@/lib/weather/io/providers/simulated";
import { injectSimulatedWeather } from "@/lib/weather/io/simulations";
import { cellFor } from "@/lib/weather/core/cells";
import { getSnapshot } from "./get-snapshot";
import { refreshAcrossProcesses } from "./refresh-cell";
import { forgetHeads } from "./store";
import { pruneWeatherSnapshots } from "./prune-snapshots";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
afterEach(() => overrideProvider("simulated", undefined));

let n = 0;
/** A distinct cell per test so tests do not share cache entries. */
const place = () => ({ lat: 10 + (n++ % 50) * 0.5, lng: 20 + n * 0.37 });
const env = "sandbox" as const;

const age = async (id: string, minutes: number) => {
  await t.db.execute(
    sql`update weather_snapshots set fetched_at = now() - make_interval(mins => ${minutes}) where id = ${id}`,
  );
  forgetHeads(); // the in-process head memo would otherwise hide the change for up to a second
};
const count = async (key: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from weather_snapshots where cache_key = ${key}`,
      )
    )[0].n,
  );

async function until(cond: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A provider that holds every call until released, so concurrent misses overlap. */
function gatedProvider() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let calls = 0;
  overrideProvider("simulated", {
    id: "simulated",
    async fetchForecast(req) {
      calls++;
      await gate;
      return simulateForecast(req.lat, req.lng, new Date());
    },
  });
  return { release, calls: () => calls };
}

describe("snapshot cache", () => {
  it("MISS then HIT with the same UUID snapshot id; one row per cell", async () => {
    const p = place();
    const a = await getSnapshot({ ...p, environment: env, use: "current" });
    expect(a.cacheStatus).toBe("MISS");
    expect(a.snapshot.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.snapshot.provider).toBe("simulated");
    const b = await getSnapshot({ ...p, environment: env, use: "current" });
    expect(b).toMatchObject({ cacheStatus: "HIT", snapshot: { id: a.snapshot.id } });
    expect(await count(cellFor(p.lat, p.lng, "simulated").key)).toBe(1);
  });

  it("50 concurrent cold requests for one cell make exactly one upstream call", async () => {
    const p = place();
    const g = gatedProvider();
    const before = upstreamCallCount("simulated");
    const all = Array.from({ length: 50 }, () => getSnapshot({ ...p, environment: env, use: "forecast" }));
    await until(async () => g.calls() >= 1, "the first upstream call");
    g.release();
    const results = await Promise.all(all);
    expect(g.calls()).toBe(1);
    expect(upstreamCallCount("simulated") - before).toBe(1);
    expect(new Set(results.map((r) => r.snapshot.id)).size).toBe(1);
    expect(await count(cellFor(p.lat, p.lng, "simulated").key)).toBe(1);
  });

  it("freshness bands: 20 min old is HIT for forecast use, STALE for current use and refreshed in the background", async () => {
    const p = place();
    const first = await getSnapshot({ ...p, environment: env, use: "forecast" });
    await age(first.snapshot.id, 20);
    expect((await getSnapshot({ ...p, environment: env, use: "forecast" })).cacheStatus).toBe("HIT");
    const stale = await getSnapshot({ ...p, environment: env, use: "current" });
    expect(stale).toMatchObject({ cacheStatus: "STALE", snapshot: { id: first.snapshot.id } });
    const key = cellFor(p.lat, p.lng, "simulated").key;
    await until(async () => (await count(key)) === 2, "the background refresh");
    const after = await getSnapshot({ ...p, environment: env, use: "current" });
    expect(after.cacheStatus).toBe("HIT");
    expect(after.snapshot.id).not.toBe(first.snapshot.id);
  });

  it("past 6 h a snapshot is not served: MISS", async () => {
    const p = place();
    const first = await getSnapshot({ ...p, environment: env, use: "forecast" });
    await age(first.snapshot.id, 7 * 60);
    const r = await getSnapshot({ ...p, environment: env, use: "forecast" });
    expect(r.cacheStatus).toBe("MISS");
    expect(r.snapshot.id).not.toBe(first.snapshot.id);
  });

  it("stale-if-error: a failing provider serves a < 6 h snapshot as STALE, else 502", async () => {
    const p = place();
    const first = await getSnapshot({ ...p, environment: env, use: "forecast" });
    await age(first.snapshot.id, 120);
    const failing = new ApiError("provider_unavailable", "down", {
      details: { provider: "simulated", upstream_status: 503, upstream_reason: "down" },
    });
    overrideProvider("simulated", { id: "simulated", fetchForecast: async () => Promise.reject(failing) });
    const forced = await getSnapshot({ ...p, environment: env, use: "forecast", forceRefresh: true });
    expect(forced).toMatchObject({ cacheStatus: "STALE", snapshot: { id: first.snapshot.id } });
    await expect(getSnapshot({ ...place(), environment: env, use: "forecast" })).rejects.toMatchObject({
      code: "provider_unavailable",
      status: 502,
    });
  });

  it("forceRefresh makes a new snapshot even when a fresh one exists", async () => {
    const p = place();
    const a = await getSnapshot({ ...p, environment: env, use: "forecast" });
    const b = await getSnapshot({ ...p, environment: env, use: "forecast", forceRefresh: true });
    expect(b.cacheStatus).toBe("MISS");
    expect(b.snapshot.id).not.toBe(a.snapshot.id);
  });

  it("injected conditions stored in Postgres apply on read, to cached snapshots too", async () => {
    const p = place();
    const before = await getSnapshot({ ...p, environment: env, use: "current" });
    const now = Date.now();
    await injectSimulatedWeather({
      ...p,
      kind: "heavy_rain",
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + 3 * 3_600_000),
    });
    await injectSimulatedWeather({
      ...p,
      kind: "severe_alert",
      startsAt: new Date(now),
      endsAt: new Date(now + 3_600_000),
    });
    const after = await getSnapshot({ ...p, environment: env, use: "current" });
    expect(after).toMatchObject({ cacheStatus: "HIT", snapshot: { id: before.snapshot.id } });
    const hour = after.snapshot.forecast.hourly.find(
      (h) => Date.parse(h.time) <= now && Date.parse(h.time) + 3_600_000 > now,
    )!;
    expect(hour).toMatchObject({ precipitationMm: 12, weatherCode: 65 });
    expect(after.snapshot.forecast.current.weatherCode).toBe(65);
    expect(after.snapshot.forecast.alerts[0]).toMatchObject({
      severity: "severe",
      event: "Severe Thunderstorm Warning",
    });
    // Production accounts on a real provider are never affected (different cache key).
    expect(cellFor(p.lat, p.lng, "open-meteo").key).not.toBe(cellFor(p.lat, p.lng, "simulated").key);
  });
});

describe("snapshot retention", () => {
  it("prunes snapshots older than 7 days and keeps recent ones", async () => {
    const old = await getSnapshot({ ...place(), environment: env, use: "forecast" });
    const recent = await getSnapshot({ ...place(), environment: env, use: "forecast" });
    await age(old.snapshot.id, 8 * 24 * 60);
    while ((await pruneWeatherSnapshots()) > 0);
    const ids = (await queryRows<{ id: string }>(t.db, sql`select id from weather_snapshots`)).map((r) => r.id);
    expect(ids).not.toContain(old.snapshot.id);
    expect(ids).toContain(recent.snapshot.id);
  });
});

describeWithPostgres("snapshot single flight across processes (real Postgres)", () => {
  it("two connection pools racing cold refreshes of one cell make one upstream call", async () => {
    const a = await openPostgres(t.url!, { max: 5 });
    const b = await openPostgres(t.url!, { max: 5 });
    try {
      const p = place();
      const cell = cellFor(p.lat, p.lng, "simulated");
      const g = gatedProvider();
      const since = new Date(Date.now() - 60_000);
      // Bypass the in-process promise map: only the advisory lock stands between them.
      const racers = Array.from({ length: 10 }, (_, i) =>
        refreshAcrossProcesses(i % 2 ? a.db : b.db, "postgres", cell, since),
      );
      await until(async () => g.calls() >= 1, "the first upstream call");
      g.release();
      const heads = await Promise.all(racers);
      expect(g.calls()).toBe(1);
      expect(new Set(heads.map((h) => h.id)).size).toBe(1);
      expect(await count(cell.key)).toBe(1);
      const claims = await queryRows(t.db, sql`select 1 from weather_refresh_claims where cache_key = ${cell.key}`);
      expect(claims).toHaveLength(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("an expired claim (crashed instance) is taken over; a released claim without a snapshot lets a waiter fetch", async () => {
    const p1 = place();
    const dead = cellFor(p1.lat, p1.lng, "simulated");
    await t.db.execute(
      sql`insert into weather_refresh_claims (cache_key, claimed_until) values (${dead.key}, now() - interval '1 minute')`,
    );
    const h1 = await refreshAcrossProcesses(t.db, "postgres", dead, new Date(Date.now() - 60_000));
    expect(h1.cacheKey).toBe(dead.key);

    const p2 = place();
    const held = cellFor(p2.lat, p2.lng, "simulated");
    await t.db.execute(
      sql`insert into weather_refresh_claims (cache_key, claimed_until) values (${held.key}, now() + interval '1 minute')`,
    );
    const waiter = refreshAcrossProcesses(t.db, "postgres", held, new Date(Date.now() - 60_000));
    // The other instance gives up (its provider failed) and releases the claim without a snapshot.
    await t.db.execute(sql`delete from weather_refresh_claims where cache_key = ${held.key}`);
    const h2 = await waiter;
    expect(h2.cacheKey).toBe(held.key);
    expect(await count(held.key)).toBe(1);
  });
});
