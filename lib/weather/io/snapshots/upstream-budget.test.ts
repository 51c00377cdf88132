import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { watchEvents, watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { metricsText } from "@/lib/platform/metrics";
import { installMetricSources } from "@/lib/registry/metric-sources";
import { takeLogs } from "@/lib/testing/log-capture";
import { makeUser } from "@/lib/testing/fixtures";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { waitFor } from "@/lib/webhooks/testing/helpers";
import { getSnapshot } from "./get-snapshot";
import { forgetHeads } from "./store";
import { isBudgetDenied, limitFor, takeUpstreamCall } from "./upstream-budget";

// As app/metrics does before the first scrape.
installMetricSources();

/**
 * The shared upstream budget (issue 34) on the simulated provider, whose budget is off unless
 * configured: per-minute and per-day limits, interactive callers keeping the reserve, watch
 * refreshes deferred (not failed) when it is spent, the metric and the warning.
 */
let t: TestDatabase;
const ENV = ["SIMULATED_CALLS_PER_MINUTE", "SIMULATED_CALLS_PER_DAY", "WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT"];
function setBudget(v: Record<string, string>) {
  for (const k of ENV) delete process.env[k];
  Object.assign(process.env, v);
  resetEnvCache();
}
beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  setBudget({});
  await t.db.execute(sql`DELETE FROM weather_upstream_budget`);
});
afterAll(async () => t.close());

/** Tests count calls within one UTC minute: start early in one so the window cannot turn mid-test. */
const earlyInMinute = () => waitFor(async () => new Date().getUTCSeconds() < 45, "the first 45 s of a minute", 30_000);

async function take(priority: "interactive" | "background"): Promise<"ok" | string> {
  try {
    await takeUpstreamCall(await getDb(), "simulated", priority);
    return "ok";
  } catch (err) {
    if (!isBudgetDenied(err)) throw err;
    const d = err.details as { window: string; retry_after_s: number };
    expect(Number(err.headers?.["retry-after"])).toBe(d.retry_after_s);
    expect(d.retry_after_s).toBeGreaterThanOrEqual(1);
    return `denied:${d.window}`;
  }
}

describe("upstream budget", () => {
  it("background calls stop at the reserve, interactive ones use it, then the minute is spent", async () => {
    setBudget({ SIMULATED_CALLS_PER_MINUTE: "10", WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT: "20" });
    expect(limitFor(10, "background")).toBe(8);
    expect(limitFor(0, "interactive")).toBeGreaterThan(1e9); // 0 = unlimited
    await earlyInMinute();
    const background = [];
    for (let i = 0; i < 9; i++) background.push(await take("background"));
    expect(background).toEqual([...Array(8).fill("ok"), "denied:minute"]);
    const interactive = [];
    for (let i = 0; i < 3; i++) interactive.push(await take("interactive"));
    expect(interactive).toEqual(["ok", "ok", "denied:minute"]);

    const warned = takeLogs("weather upstream budget tight");
    expect(warned.length).toBeGreaterThanOrEqual(1);
    expect(warned.length).toBeLessThanOrEqual(2); // once per window, not once per call
    expect(warned[0].level).toBe("warn");
    const { body } = await metricsText();
    expect(body).toMatch(/weather_upstream_budget_used\{provider="simulated",window="minute"\} 10/);
    expect(body).toMatch(/weather_upstream_budget_limit\{provider="simulated",window="minute"\} 10/);
    expect(body).toMatch(/weather_upstream_budget_denied_total\{provider="simulated",priority="background"\} [1-9]/);
    expect(body).toMatch(/weather_upstream_budget_denied_total\{provider="simulated",priority="interactive"\} [1-9]/);
  });

  it("a daily limit holds across minutes; a new day or minute starts from zero", async () => {
    setBudget({ SIMULATED_CALLS_PER_DAY: "3" });
    expect([
      await take("interactive"),
      await take("interactive"),
      await take("interactive"),
      await take("interactive"),
    ]).toEqual(["ok", "ok", "ok", "denied:day"]);
    takeLogs("weather upstream budget tight");
    // Yesterday's and last minute's counts do not carry over.
    await t.db.execute(sql`UPDATE weather_upstream_budget SET day = day - 1, minute = minute - 1`);
    expect(await take("interactive")).toBe("ok");
    const [row] = await queryRows<{ day_calls: number; minute_calls: number }>(
      t.db,
      sql`SELECT day_calls, minute_calls FROM weather_upstream_budget`,
    );
    expect(row).toMatchObject({ day_calls: 1, minute_calls: 1 });
  });

  it("an interactive request is served from the reserve while a watch refresh in the same state is deferred, not failed", async () => {
    await earlyInMinute();
    setBudget({ SIMULATED_CALLS_PER_MINUTE: "5", WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT: "40" });
    // Spend the background share (3 of 5).
    for (let i = 0; i < 3; i++) expect(await take("background")).toBe("ok");
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const { watch } = await createWatchVia(
      u,
      watchBody({ latitude: -12.5, longitude: 130.8 }, { startInHours: 2, hours: 3 }),
    );
    const before = new Date();
    const r = await refreshWatch(watch.watch_id);
    expect(r).toMatchObject({ outcome: "deferred", reason: "upstream_budget" });
    const [row] = await t.db.select().from(watches).where(eq(watches.id, watch.watch_id));
    expect(row).toMatchObject({ failureCount: 0, lastCheckedAt: null, claimToken: null, status: "active" });
    expect(row.nextCheckAt!.getTime()).toBeGreaterThan(before.getTime() + 5000);
    expect(await t.db.select().from(watchEvents).where(eq(watchEvents.watchId, watch.watch_id))).toEqual([]);
    // An API caller for the same cell gets a fresh answer from the reserve.
    forgetHeads();
    const answer = await getSnapshot({ lat: -12.5, lng: 130.8, environment: "sandbox", use: "current" });
    expect(answer.cacheStatus).toBe("MISS");
    // The watch's next refresh uses that snapshot: no upstream call, so no budget needed.
    await t.db.update(watches).set({ nextCheckAt: new Date() }).where(eq(watches.id, watch.watch_id));
    expect(await refreshWatch(watch.watch_id)).toMatchObject({ outcome: "refreshed", snapshotId: answer.snapshot.id });
    takeLogs("weather upstream budget tight");
  });
});

describeWithPostgres("upstream budget under a race (real Postgres)", () => {
  it("60 calls racing on the pool's connections take exactly the 25 the minute allows", async () => {
    setBudget({ SIMULATED_CALLS_PER_MINUTE: "25" });
    await earlyInMinute();
    const results = await Promise.all(Array.from({ length: 60 }, () => take("interactive")));
    expect(results.filter((r) => r === "ok")).toHaveLength(25);
    expect(results.filter((r) => r === "denied:minute")).toHaveLength(35);
    takeLogs("weather upstream budget tight");
  });
});
