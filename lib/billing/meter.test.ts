import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { setPlan } from "@/lib/accounts/set-plan";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { dayAt, periodAt, periodOf } from "./period";
import { forgetRequestsUsed } from "./rate-limit-headers";
import { countersOf, dailyUnitsOf, seedCounters } from "./testing/seed-counters";
import { meteredRoute } from "./testing/metered-route";
import { takeLogs } from "@/lib/testing/log-capture";
import { routeModule } from "@/lib/testing/route-registry";

const health = await routeModule("/v1/weather/health");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
beforeEach(() => forgetRequestsUsed());

const SCOPES = ["weather:read", "weather:timeline"] as const;
const metered = (key: string, body: Record<string, unknown> = {}) =>
  call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body });
const resetEpoch = () => String(periodOf().resetEpoch);

describe("weather meter", () => {
  it("a 0-unit call carries the rate-limit headers and counts nothing", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key([...SCOPES]);
    const res = await call(health.GET, { path: "/v1/weather/health", bearer: key });
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(0);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1000");
    expect(res.headers.get("x-ratelimit-reset")).toBe(resetEpoch());
    expect(await countersOf(u.accountId)).toEqual({ requests: 0, timeline_items: 0, route_calls: 0 });
  });

  it("X-RateLimit-Reset is the next UTC month boundary", () => {
    const p = periodOf(new Date("2026-12-31T23:59:59Z"));
    expect(p.key).toBe("2026-12-01");
    expect(p.resetEpoch).toBe(Date.UTC(2027, 0, 1) / 1000);
  });

  it("the reused period and day of an instant change exactly at the UTC month and day boundaries", () => {
    const last = Date.UTC(2026, 11, 31, 23, 59, 59, 999);
    expect([periodAt(last).key, dayAt(last)]).toEqual(["2026-12-01", "2026-12-31"]);
    expect([periodAt(last + 1).key, dayAt(last + 1)]).toEqual(["2027-01-01", "2027-01-01"]);
    expect(periodAt(last + 1).start.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    // Back across the boundary (a clock step back, another test's time) is the earlier period again.
    expect([periodAt(last).key, dayAt(last), dayAt(Date.UTC(1969, 11, 31, 12))]).toEqual([
      "2026-12-01",
      "2026-12-31",
      "1969-12-31",
    ]);
    expect(periodAt(Date.UTC(2028, 1, 29, 12)).resetEpoch).toBe(Date.UTC(2028, 2, 1) / 1000);
  });

  it("a billed call counts one request, its units per day and endpoint, and sets the headers", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key([...SCOPES]);
    const res = await metered(key, { kind: "timeline", items: 7 });
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(14);
    expect(res.headers.get("x-ratelimit-limit")).toBe("25000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("24999");
    expect(await countersOf(u.accountId)).toEqual({ requests: 1, timeline_items: 7, route_calls: 0 });
    expect(await dailyUnitsOf(u.accountId)).toEqual({ "test.metered": { units: 14, calls: 1 } });
    // A 0-unit call right after sees the same remaining count.
    const h = await call(health.GET, { path: "/v1/weather/health", bearer: key });
    expect(h.headers.get("x-ratelimit-remaining")).toBe("24999");
  });

  it("400s bill nothing but still carry the headers", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key([...SCOPES]);
    const res = await metered(key, { kind: "timeline", items: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("25000");
    expect(await countersOf(u.accountId)).toEqual({ requests: 0, timeline_items: 0, route_calls: 0 });
    expect(await dailyUnitsOf(u.accountId)).toEqual({});
  });

  it("402 billing_limit_reached when the plan's limit for a needed dimension is 0", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key([...SCOPES]);
    const res = await metered(key, { kind: "route", items: 4 });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("billing_limit_reached");
    expect(res.body.error.details).toMatchObject({ dimension: "route_calls", limit: 0 });
    expect(res.body.error.message).toMatch(/upgrade to starter/);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(await countersOf(u.accountId)).toEqual({ requests: 0, timeline_items: 0, route_calls: 0 });
  });

  it("429 rate_limit_exceeded with details.dimension and no Retry-After at the cap; the refused call changes nothing", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key([...SCOPES]);
    await seedCounters(u.accountId, { requests: 10, timeline_items: 95 });
    const over = await metered(key, { kind: "timeline", items: 6 });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("rate_limit_exceeded");
    expect(over.body.error.details).toMatchObject({ dimension: "timeline_items", limit: 100, used: 95 });
    expect(over.headers.get("retry-after")).toBeNull();
    expect(over.headers.get("x-ratelimit-reset")).toBe(resetEpoch());
    expect(await countersOf(u.accountId)).toEqual({ requests: 10, timeline_items: 95, route_calls: 0 });
    // Exactly what is left still fits.
    const fits = await metered(key, { kind: "timeline", items: 5 });
    expect(fits.status).toBe(200);
    expect(await countersOf(u.accountId)).toEqual({ requests: 11, timeline_items: 100, route_calls: 0 });

    await seedCounters(u.accountId, { requests: 1000 });
    const capped = await metered(key);
    expect(capped.status).toBe(429);
    expect(capped.body.error.details.dimension).toBe("requests");
    expect(capped.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(capped.headers.get("retry-after")).toBeNull();
  });

  it("502 and 504 keep the charge; other failures release it", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key([...SCOPES]);
    const r502 = await metered(key, { kind: "timeline", items: 3, outcome: "502" });
    expect(r502.status).toBe(502);
    expect(r502.body.error.code).toBe("provider_unavailable");
    expect(r502.headers.get("x-ratelimit-remaining")).toBe("24999");
    const r504 = await metered(key, { kind: "route", items: 2, outcome: "504" });
    expect(r504.status).toBe(504);
    expect(await countersOf(u.accountId)).toEqual({ requests: 2, timeline_items: 3, route_calls: 1 });

    const r404 = await metered(key, { kind: "timeline", items: 9, outcome: "404" });
    expect(r404.status).toBe(404);
    const r500 = await metered(key, { kind: "route", items: 9, outcome: "500" });
    expect(r500.status).toBe(500);
    expect(r500.headers.get("x-ratelimit-remaining")).toBe("24998");
    expect(takeLogs("unhandled error").map((l) => JSON.parse(l.line).request_id)).toEqual([
      r500.headers.get("x-request-id"),
    ]);
    expect(await countersOf(u.accountId)).toEqual({ requests: 2, timeline_items: 3, route_calls: 1 });
    expect(await dailyUnitsOf(u.accountId)).toEqual({ "test.metered": { units: 12, calls: 2 } });
  });

  it("internal keys skip every limit but are metered", async () => {
    const u = await makeUser({ plan: "free" });
    const internal = await u.key([...SCOPES], { internal: true });
    await seedCounters(u.accountId, { requests: 1000, timeline_items: 100 });
    const res = await metered(internal, { kind: "timeline", items: 10 });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    const route = await metered(internal, { kind: "route", items: 1 });
    expect(route.status).toBe(200);
    expect(await countersOf(u.accountId)).toEqual({ requests: 1002, timeline_items: 110, route_calls: 1 });
  });

  it("per-account overrides replace the plan's limits", async () => {
    const u = await makeUser({ plan: "enterprise" });
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 2, route_calls_per_month: 0 } });
    const key = await u.key([...SCOPES]);
    expect((await metered(key)).headers.get("x-ratelimit-limit")).toBe("2");
    expect((await metered(key)).status).toBe(200);
    const third = await metered(key);
    expect(third.status).toBe(429);
    expect(third.body.error.details.dimension).toBe("requests");
    const route = await metered(key, { kind: "route" });
    expect(route.status).toBe(402);
    expect(route.body.error.details.dimension).toBe("route_calls");
  });

  it("last month's usage does not count against this month", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key([...SCOPES]);
    const start = periodOf().start;
    const lastMonth = periodOf(new Date(start.getTime() - 1)).key;
    await seedCounters(u.accountId, { requests: 1000, timeline_items: 100 }, lastMonth);
    const res = await metered(key, { kind: "timeline", items: 1 });
    expect(res.status).toBe(200);
    expect(await countersOf(u.accountId)).toEqual({ requests: 1, timeline_items: 1, route_calls: 0 });
    expect(await countersOf(u.accountId, lastMonth)).toEqual({ requests: 1000, timeline_items: 100, route_calls: 0 });
  });
});
