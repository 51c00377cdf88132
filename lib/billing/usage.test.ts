import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { setPlan } from "@/lib/accounts/set-plan";
import { authSecret } from "@/lib/auth/auth-secret";
import { queryOne } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { periodOf } from "./period";
import { recordWatchDayUnits } from "./record-accrued-units";
import { forgetRequestsUsed } from "./rate-limit-headers";
import { countersOf, seedCounters } from "./testing/seed-counters";
import { meteredRoute } from "./testing/metered-route";
import { routeModule } from "@/lib/testing/route-registry";

const usageRoute = await routeModule("/v1/usage");
const dailyRoute = await routeModule("/v1/usage/daily");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
beforeEach(() => forgetRequestsUsed());

securitySuite({
  name: "GET /v1/usage",
  handler: usageRoute.GET,
  method: "GET",
  credential: "apiKey",
  family: "weather",
  target: async () => ({ path: "/v1/usage" }),
});

securitySuite({
  name: "GET /v1/usage/daily",
  handler: dailyRoute.GET,
  method: "GET",
  credential: "apiKey",
  family: "weather",
  target: async () => ({ path: "/v1/usage/daily" }),
});

const getUsage = (bearer: string) => call(usageRoute.GET, { path: "/v1/usage", bearer });

async function insertWatch(accountId: string, status: string) {
  await queryOne(
    t.db,
    sql`INSERT INTO watches (account_id, status, target_type, target_ref, latitude, longitude, place_type, activity_type, outdoor,
                             starts_at, ends_at, webhook_url, change_rules)
        VALUES (${accountId}::uuid, ${status}, 'place', '{}'::jsonb, 1, 2, 'city', 'walking', true,
                now(), now() + interval '1 day', 'https://example.test/hook', '{}'::jsonb)
        RETURNING id`,
  );
}

describe("GET /v1/usage", () => {
  it("returns the spec's Usage resource for any valid key, whatever its scopes", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["read"]);
    await seedCounters(u.accountId, { requests: 40, timeline_items: 300, route_calls: 7 });
    await insertWatch(u.accountId, "active");
    await insertWatch(u.accountId, "active");
    await insertWatch(u.accountId, "cancelled");
    const res = await getUsage(key);
    expect(res.status).toBe(200);
    const p = periodOf();
    expect(res.body.data).toEqual({
      plan: "starter",
      environment: "production",
      is_internal: false,
      period: { start: p.start.toISOString(), end: p.end.toISOString() },
      limits: {
        requests_per_month: 25_000,
        timeline_items_per_month: 10_000,
        active_watches: 500,
        route_calls_per_month: 1_000,
      },
      usage: {
        requests: { limit: 25_000, used: 40, remaining: 24_960 },
        timeline_items: { limit: 10_000, used: 300, remaining: 9_700 },
        route_calls: { limit: 1_000, used: 7, remaining: 993 },
        active_watches: { limit: 500, used: 2, remaining: 498 },
      },
    });
    expect(res.body.meta).toMatchObject({ request_id: res.headers.get("x-request-id"), billing_units: 0 });
    expect(res.headers.get("x-ratelimit-limit")).toBe("25000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("24960");
    expect(res.headers.get("x-ratelimit-reset")).toBe(String(p.resetEpoch));
  });

  it("never consumes quota and still answers when every cap is reached", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:read"]);
    await seedCounters(u.accountId, { requests: 1_000, timeline_items: 100 });
    for (let i = 0; i < 3; i++) expect((await getUsage(key)).status).toBe(200);
    const res = await getUsage(key);
    expect(res.body.data.usage.requests).toEqual({ limit: 1_000, used: 1_000, remaining: 0 });
    expect(res.body.data.usage.route_calls).toEqual({ limit: 0, used: 0, remaining: 0 });
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await countersOf(u.accountId)).toEqual({ requests: 1_000, timeline_items: 100, route_calls: 0 });
  });

  it("reports internal keys, sandbox accounts and enterprise overrides; remaining never goes below 0", async () => {
    const u = await makeUser({ plan: "enterprise", environment: "sandbox" });
    await setPlan({
      accountId: u.accountId,
      overrides: { requests_per_month: 1_000_000, timeline_items_per_month: 5 },
    });
    const key = await u.key(["read"], { internal: true });
    await seedCounters(u.accountId, { timeline_items: 9 });
    const res = await getUsage(key);
    expect(res.body.data).toMatchObject({
      plan: "enterprise",
      environment: "sandbox",
      is_internal: true,
      limits: {
        requests_per_month: 1_000_000,
        timeline_items_per_month: 5,
        active_watches: 10_000,
        route_calls_per_month: 25_000,
      },
    });
    expect(res.body.data.usage.timeline_items).toEqual({ limit: 5, used: 9, remaining: 0 });
    expect(res.body.meta.environment).toBe("sandbox");
  });

  it("works with the portal session cookie", async () => {
    const u = await makeUser({ plan: "pro" });
    const jwt = await encode({ token: { sub: u.userId }, secret: authSecret() });
    const res = await call(usageRoute.GET, {
      path: "/v1/usage",
      headers: { cookie: `next-auth.session-token=${jwt}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ plan: "pro", is_internal: false });
  });
});

describe("GET /v1/usage/daily", () => {
  it("returns billing units per day and endpoint, including watch-day accrual", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:timeline"]);
    await call(meteredRoute, {
      method: "POST",
      path: "/test/metered",
      bearer: key,
      body: { kind: "timeline", items: 4 },
    });
    await call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body: { kind: "plain" } });
    const today = new Date().toISOString().slice(0, 10);
    await recordWatchDayUnits(t.db, u.accountId, 3, today);

    const res = await call(dailyRoute.GET, { path: "/v1/usage/daily", bearer: key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("24998");
    const data = res.body.data;
    expect(data.month).toBe(today.slice(0, 7));
    expect(data.endpoints).toEqual(["test.metered", "weather.watch_days"]);
    expect(data.days[0].date).toBe(periodOf().key);
    expect(data.days.at(-1)).toEqual({
      date: today,
      total_units: 12,
      by_endpoint: { "test.metered": 9, "weather.watch_days": 3 },
    });
    // Accrual adds billing units but never requests.
    expect((await countersOf(u.accountId)).requests).toBe(2);
  });

  it("rejects a malformed month with a clear 400 and accepts past months", async () => {
    const u = await makeUser();
    const key = await u.key(["read"]);
    const bad = await call(dailyRoute.GET, { path: "/v1/usage/daily?month=2026-13", bearer: key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad_request");
    expect(JSON.stringify(bad.body.error)).toMatch(/YYYY-MM/);
    const past = await call(dailyRoute.GET, { path: "/v1/usage/daily?month=2026-02", bearer: key });
    expect(past.status).toBe(200);
    expect(past.body.data.days).toHaveLength(28);
    expect(past.body.data.endpoints).toEqual([]);
  });
});
