import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { setPlan } from "@/lib/accounts/set-plan";
import { makeUser } from "@/lib/testing/fixtures";
import { limitsFor, PLAN_LIMITS } from "./plans";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("plans", () => {
  it.each([
    ["free", 1_000, 100, 0, 0],
    ["starter", 25_000, 10_000, 1_000, 500],
    ["pro", 250_000, 100_000, 25_000, 10_000],
    ["enterprise", 250_000, 100_000, 25_000, 10_000],
  ] as const)("%s has the spec's numeric limits", (plan, requests, timeline_items, route_calls, active_watches) => {
    expect(PLAN_LIMITS[plan]).toEqual({ requests, timeline_items, route_calls, active_watches });
    expect(limitsFor({ plan, limitOverrides: {} })).toEqual({ requests, timeline_items, route_calls, active_watches });
  });

  it("overrides replace single limits and ignore junk values", () => {
    const limits = limitsFor({
      plan: "enterprise",
      limitOverrides: { requests_per_month: 2_000_000, active_watches: 0, route_calls_per_month: -5, bogus: 7 },
    });
    expect(limits).toEqual({ requests: 2_000_000, timeline_items: 100_000, route_calls: 25_000, active_watches: 0 });
  });

  it("set-plan changes only the overrides it is given; null removes one", async () => {
    const u = await makeUser({ plan: "enterprise" });
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 5, active_watches: 3 } });
    const planOnly = await setPlan({
      accountId: u.accountId,
      plan: "enterprise",
      overrides: { requests_per_month: undefined },
    });
    expect(planOnly.limitOverrides).toEqual({ requests_per_month: 5, active_watches: 3 });
    const cleared = await setPlan({ accountId: u.accountId, overrides: { active_watches: null } });
    expect(cleared.limitOverrides).toEqual({ requests_per_month: 5 });
    expect(limitsFor(cleared).active_watches).toBe(10_000);
  });
});
