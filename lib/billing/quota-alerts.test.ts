import { describe, expect, it } from "vitest";
import { setPlan } from "@/lib/accounts/set-plan";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { drainDeliveries, endpointFor, eventsOfType } from "@/lib/webhooks/testing/helpers";
import { periodOf } from "./period";
import { recordQuotaAlert } from "./quota-alerts";
import { meteredRoute } from "./testing/metered-route";

/*
 * Quota alerts (issue 29): one billing.quota_threshold_reached per (dimension, threshold, period),
 * delivered to subscribed endpoints (a real HTTPS receiver) and listed in the event log.
 */
const world = deliveryTestWorld("0,0,0");
const eventsRoute = await routeModule("/v1/events");

const metered = (key: string, body: Record<string, unknown> = {}) =>
  call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body });

async function cappedUser(overrides: Record<string, number>) {
  const u = await makeUser({ plan: "starter" });
  await setPlan({ accountId: u.accountId, overrides });
  return u;
}

describe("billing.quota_threshold_reached", () => {
  it("a cap of 10 requests, 12 calls: one 80 % and one 100 % event, none more after further 429s; delivered and listed", async () => {
    const u = await cappedUser({ requests_per_month: 10 });
    const key = await u.key(["weather:timeline", "weather:webhooks"]);
    const ep = await endpointFor(u.accountId, world.rx.url("/quota"), ["billing.quota_threshold_reached"]);
    const other = await endpointFor(u.accountId, world.rx.url("/other"), ["weather.change_detected"]);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await metered(key)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    for (let i = 0; i < 5; i++) expect((await metered(key)).status).toBe(429);

    const events = await eventsOfType(u.accountId, "billing.quota_threshold_reached");
    const data = events.map((e) => e.data).sort((a, b) => Number(a.threshold_percent) - Number(b.threshold_percent));
    const period = periodOf();
    expect(data).toEqual([
      expect.objectContaining({
        dimension: "requests",
        limit_name: "requests_per_month",
        threshold_percent: 80,
        limit: 10,
        used: 8,
        plan: "starter",
      }),
      expect.objectContaining({
        dimension: "requests",
        threshold_percent: 100,
        limit: 10,
        used: 10,
        resets_at: period.end.toISOString(),
      }),
    ]);

    await drainDeliveries();
    const received = world.rx.requests.filter((r) => r.url === "/quota").map((r) => JSON.parse(r.rawBody));
    expect(received.map((b) => b.data.threshold_percent).sort()).toEqual([100, 80]);
    expect(new Set(received.map((b) => b.id))).toEqual(new Set(events.map((e) => e.id)));
    expect(world.rx.requests.some((r) => r.url === "/other")).toBe(false);
    expect(other.webhook_id).not.toBe(ep.webhook_id);

    const log = await call(eventsRoute.GET, { path: "/v1/events?type=billing.quota_threshold_reached", bearer: key });
    expect(log.status).toBe(200);
    expect(
      log.body.data.events
        .map((e: { event_id: string; delivery_state: string }) => `${e.event_id}:${e.delivery_state}`)
        .sort(),
    ).toEqual(events.map((e) => `${e.id}:delivered`).sort());
  });

  it("a released reservation (a non-billable error) crosses nothing; a kept one later does", async () => {
    const u = await cappedUser({ requests_per_month: 5 });
    const key = await u.key(["weather:timeline"]);
    for (let i = 0; i < 3; i++) expect((await metered(key)).status).toBe(200);
    // The 4th call (80 %) fails with a 404: its reservation is given back, so no threshold was reached.
    expect((await metered(key, { outcome: "404" })).status).toBe(404);
    expect(await eventsOfType(u.accountId, "billing.quota_threshold_reached")).toHaveLength(0);
    expect((await metered(key)).status).toBe(200);
    const [e] = await eventsOfType(u.accountId, "billing.quota_threshold_reached");
    expect(e.data).toMatchObject({ threshold_percent: 80, used: 4, limit: 5 });
  });

  it("each dimension alerts on its own; a limit of 0 (not in the plan) never alerts", async () => {
    const u = await cappedUser({ requests_per_month: 1000, timeline_items_per_month: 10, route_calls_per_month: 0 });
    const key = await u.key(["weather:timeline"]);
    expect((await metered(key, { kind: "timeline", items: 9 })).status).toBe(200);
    expect((await metered(key, { kind: "route" })).status).toBe(402);
    const events = await eventsOfType(u.accountId, "billing.quota_threshold_reached");
    expect(events.map((e) => [e.data.dimension, e.data.threshold_percent])).toEqual([["timeline_items", 80]]);
  });

  it("recordQuotaAlert itself is exactly-once per key (racing callers that bypass the per-process memory)", async () => {
    const u = await cappedUser({ requests_per_month: 10 });
    const account = {
      id: u.accountId,
      plan: "starter" as const,
      environment: "production" as const,
      limitOverrides: {},
    };
    const period = periodOf();
    const db = await getDb();
    const emitted = await Promise.all(
      Array.from({ length: 20 }, () =>
        recordQuotaAlert(db, {
          accountId: u.accountId,
          account: account as never,
          period,
          threshold: 100,
          dimension: "requests",
          used: 10,
          limit: 10,
        }),
      ),
    );
    expect(emitted.filter(Boolean)).toHaveLength(1);
    expect(await eventsOfType(u.accountId, "billing.quota_threshold_reached")).toHaveLength(1);
  });
});
