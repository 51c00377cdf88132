import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { setPlan } from "@/lib/accounts/set-plan";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { call, type CallResult, type Handler } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { assertActiveWatchCapacity, countActiveWatches } from "./active-watches";
import { periodOf } from "./period";
import { PLAN_LIMITS } from "./plans";
import { reserveQuota, reserveQuotaTogether, type QuotaCharge } from "./reserve-quota";
import { countersOf, dailyUnitsOf, seedCounters } from "./testing/seed-counters";
import { meteredRoute } from "./testing/metered-route";
import { routeModule } from "@/lib/testing/route-registry";

const currentRoute = await routeModule("/v1/weather/current");
const timelineRoute = await routeModule("/v1/weather/timeline");
const routeRoute = await routeModule("/v1/weather/route");

/*
 * Never-overshoot under contention: 200 concurrent metered calls race for an
 * allowance of 100 on real Postgres. Exactly 100 succeed, the rest get 429
 * naming the dimension, and the counter ends exactly at the cap.
 */
const CALLS = 200;
const LEFT = 100;

let t: TestDatabase;

async function race(handler: Handler, path: string, key: string, body?: unknown): Promise<CallResult[]> {
  const method = body === undefined ? "GET" : "POST";
  return Promise.all(Array.from({ length: CALLS }, () => call(handler, { method, path, bearer: key, body })));
}

const hour = 3_600_000;
const inHours = (h: number) => new Date(Math.floor(Date.now() / hour) * hour + h * hour).toISOString();
const paris = { lat: 48.8566, lng: 2.3522 };

function tally(results: CallResult[]) {
  const by = new Map<number, number>();
  for (const r of results) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return Object.fromEntries(by);
}

describeWithPostgres("quota reservation under concurrency (real Postgres)", () => {
  beforeAll(async () => {
    t = await createTestDatabase({ poolSize: 30 });
  });
  afterAll(async () => t?.close());

  it("timeline_items: 200 concurrent 1-item POST /v1/weather/timeline calls against 100 items left", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:timeline"]);
    await seedCounters(u.accountId, { timeline_items: 10_000 - LEFT });
    const body = {
      items: [{ id: "walk", start: inHours(2), end: inHours(3), ...paris, activity_type: "walking_tour" }],
    };
    const results = await race(timelineRoute.POST, "/v1/weather/timeline", key, body);
    expect(tally(results)).toEqual({ 200: LEFT, 429: CALLS - LEFT });
    for (const r of results.filter((x) => x.status === 429)) {
      expect(r.body.error).toMatchObject({ code: "rate_limit_exceeded", details: { dimension: "timeline_items" } });
      expect(r.headers.get("retry-after")).toBeNull();
    }
    expect(await countersOf(u.accountId)).toEqual({ requests: LEFT, timeline_items: 10_000, route_calls: 0 });
    expect((await dailyUnitsOf(u.accountId))["weather.timeline"]).toEqual({ units: 2 * LEFT, calls: LEFT });
  });

  it("requests: 200 concurrent GET /v1/weather/current calls against 100 requests left", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:read"]);
    await seedCounters(u.accountId, { requests: 1_000 - LEFT });
    const results = await race(currentRoute.GET, `/v1/weather/current?lat=${paris.lat}&lng=${paris.lng}`, key);
    expect(tally(results)).toEqual({ 200: LEFT, 429: CALLS - LEFT });
    for (const r of results.filter((x) => x.status === 429)) expect(r.body.error.details.dimension).toBe("requests");
    expect((await countersOf(u.accountId)).requests).toBe(1_000);
    const remaining = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    // Each success saw its own position: remaining values 99..0, each exactly once.
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: LEFT }, (_, i) => i));
  });

  it("route_calls: 200 concurrent POST /v1/weather/route calls against 100 route calls left", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:route"]);
    await seedCounters(u.accountId, { route_calls: 1_000 - LEFT });
    const body = {
      origin: paris,
      destination: { lat: 48.87, lng: 2.4 },
      transport_mode: "cycling",
      start_time: inHours(1),
    };
    const results = await race(routeRoute.POST, "/v1/weather/route", key, body);
    expect(tally(results)).toEqual({ 200: LEFT, 429: CALLS - LEFT });
    for (const r of results.filter((x) => x.status === 429)) expect(r.body.error.details.dimension).toBe("route_calls");
    expect(await countersOf(u.accountId)).toEqual({ requests: LEFT, timeline_items: 0, route_calls: 1_000 });
  });

  it("released reservations (non-billable failures) under contention leave exactly the successes counted", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:timeline"]);
    await seedCounters(u.accountId, { requests: 1_000 - LEFT });
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        call(meteredRoute, {
          method: "POST",
          path: "/test/metered",
          bearer: key,
          body: { outcome: i % 2 === 0 ? "404" : "ok" },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(LEFT);
    expect((await countersOf(u.accountId)).requests).toBe(1_000 - LEFT + ok);
  });

  it("mixed sizes: the counter equals the granted items, never passes the cap, and no refused call would have fit", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:timeline"]);
    await seedCounters(u.accountId, { timeline_items: 40 });
    const sizes = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % 13));
    const results = await Promise.all(
      sizes.map((items) =>
        call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body: { kind: "timeline", items } }),
      ),
    );
    const granted = sizes.filter((_, i) => results[i].status === 200).reduce((a, b) => a + b, 0);
    const final = (await countersOf(u.accountId)).timeline_items;
    expect(final).toBe(40 + granted);
    expect(final).toBeLessThanOrEqual(100);
    sizes.forEach((n, i) => {
      if (results[i].status !== 200) {
        expect(results[i].status).toBe(429);
        expect(final + n).toBeGreaterThan(100);
      }
    });
  });

  // Within one process the meter coalesces an account's concurrent calls into
  // fewer statements; these two race the statement itself over many connections,
  // as separate app instances would.
  it("the reservation statement: 200 concurrent reservations over 30 connections against 100 items left", async () => {
    const u = await makeUser({ plan: "starter" });
    await seedCounters(u.accountId, { timeline_items: 10_000 - LEFT });
    const db = await getDb();
    const charge: QuotaCharge = {
      accountId: u.accountId,
      periodKey: periodOf().key,
      day: new Date().toISOString().slice(0, 10),
      endpoint: "weather.timeline",
      units: 2,
      amounts: { requests: 1, timeline_items: 1, route_calls: 0 },
      limits: PLAN_LIMITS.starter,
    };
    const results = await Promise.all(Array.from({ length: CALLS }, () => reserveQuota(db, charge)));
    expect(results.filter((r) => r.ok)).toHaveLength(LEFT);
    for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, dimension: "timeline_items" });
    expect(await countersOf(u.accountId)).toEqual({ requests: LEFT, timeline_items: 10_000, route_calls: 0 });
    expect((await dailyUnitsOf(u.accountId))["weather.timeline"]).toEqual({ units: 2 * LEFT, calls: LEFT });
  });

  it("batched reservations of 20 instances racing: exactly what fits is granted", async () => {
    const u = await makeUser({ plan: "free" });
    await seedCounters(u.accountId, { requests: 1_000 - LEFT });
    const db = await getDb();
    const charge: QuotaCharge = {
      accountId: u.accountId,
      periodKey: periodOf().key,
      day: new Date().toISOString().slice(0, 10),
      endpoint: "weather.current",
      units: 1,
      amounts: { requests: 1, timeline_items: 0, route_calls: 0 },
      limits: PLAN_LIMITS.free,
    };
    // 20 "instances", each reserving a batch of 10 together, falling back to one by one.
    const granted = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const batch = Array.from({ length: 10 }, () => charge);
        const together = await reserveQuotaTogether(db, batch);
        if (together) return batch.length;
        let n = 0;
        for (const c of batch) if ((await reserveQuota(db, c)).ok) n++;
        return n;
      }),
    );
    expect(granted.reduce((a, b) => a + b, 0)).toBe(LEFT);
    expect((await countersOf(u.accountId)).requests).toBe(1_000);
  });

  it("active_watches: 40 concurrent creations against a cap of 10 leave exactly 10 active", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { active_watches: 10 } });
    const db = await getDb();
    const account = {
      id: u.accountId,
      plan: "starter" as const,
      environment: "production" as const,
      limitOverrides: { active_watches: 10 },
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        db.transaction(async (tx) => {
          await assertActiveWatchCapacity(tx, account);
          await queryOne(
            tx,
            sql`INSERT INTO watches (account_id, target_type, target_ref, latitude, longitude, place_type, activity_type, outdoor,
                                     starts_at, ends_at, webhook_url, change_rules)
                VALUES (${u.accountId}::uuid, 'place', '{}'::jsonb, 48.85, 2.35, 'city', 'walking', true,
                        now(), now() + interval '1 day', 'https://example.test/hook', '{}'::jsonb)
                RETURNING id`,
          );
        }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
    expect(outcomes.length - refused.length).toBe(10);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: "rate_limit_exceeded", details: { dimension: "active_watches" } });
    expect(await countActiveWatches(db, u.accountId)).toBe(10);
  });
});
