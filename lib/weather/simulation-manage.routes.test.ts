import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { watchEvents, watches } from "@/drizzle/schema";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { drainDeliveries, waitFor } from "@/lib/webhooks/testing/helpers";
import { getOrCreateWatchSigningSecret } from "@/lib/webhooks/watch-signing-secret";
import { verifyWebhook } from "@/lib/webhooks/verify";
import { routeModule } from "@/lib/testing/route-registry";

const simulations = await routeModule("/v1/weather/simulations");
const oneSimulation = await routeModule("/v1/weather/simulations/{simulation_id}");
const fire = await routeModule("/v1/weather/simulations/fire-watches");
const current = await routeModule("/v1/weather/current");

const world = deliveryTestWorld("0,0,0", { receiverPerFile: true });

const oslo = { lat: 59.9139, lng: 10.7522 };
const path = "/v1/weather/simulations";

securitySuite({
  name: "GET /v1/weather/simulations",
  handler: simulations.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:read"],
  wrongScope: "weather:route",
  plan: "pro",
  target: async () => ({ path }),
});

securitySuite({
  name: "POST /v1/weather/simulations/fire-watches",
  handler: fire.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:watch"],
  wrongScope: "weather:read",
  plan: "pro",
  target: async () => ({ path: `${path}/fire-watches` }),
});

describe("list and delete injections", () => {
  it("lists the account's live injections only, and a deleted one stops applying at once", async () => {
    const u = await makeUser({ plan: "pro", environment: "sandbox" });
    const k = await u.key(["weather:read"]);
    const other = await (await makeUser({ environment: "sandbox" })).key(["weather:read"]);
    const made = await call(simulations.POST, {
      method: "POST",
      path,
      bearer: k,
      body: { ...oslo, kind: "freezing_rain" },
    });
    expect(made.status).toBe(201);
    await call(simulations.POST, { method: "POST", path, bearer: other, body: { lat: 60.39, lng: 5.32, kind: "fog" } });
    const id = made.body.data.simulation_id as string;

    const cur = await call(current.GET, { path: `/v1/weather/current?lat=${oslo.lat}&lng=${oslo.lng}`, bearer: k });
    expect(cur.body.data.current.condition.code).toMatch(/^freezing_rain/);
    expect(cur.body.data.risk.reasons.map((r: { code: string }) => r.code)).toContain("freezing_rain");

    const list = await call(simulations.GET, { path, bearer: k });
    expect(list.status).toBe(200);
    expect(list.body.data.simulations).toEqual([
      expect.objectContaining({ simulation_id: id, kind: "freezing_rain", lat: oslo.lat, lng: oslo.lng }),
    ]);
    expect(list.body.meta.billing_units).toBe(0);

    const foreign = await call(oneSimulation.DELETE, {
      method: "DELETE",
      path: `${path}/${id}`,
      params: { simulation_id: id },
      bearer: other,
    });
    expect(foreign.status).toBe(404);
    const del = await call(oneSimulation.DELETE, {
      method: "DELETE",
      path: `${path}/${id}`,
      params: { simulation_id: id },
      bearer: k,
    });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ simulation_id: id, deleted: true });
    expect((await call(simulations.GET, { path, bearer: k })).body.data.simulations).toEqual([]);
    const again = await call(oneSimulation.DELETE, {
      method: "DELETE",
      path: `${path}/${id}`,
      params: { simulation_id: id },
      bearer: k,
    });
    expect(again.status).toBe(404);
  });

  it("production accounts get 403 on list, delete and fire", async () => {
    const u = await makeUser({ plan: "pro" });
    const k = await u.key(["weather:read", "weather:watch"]);
    const id = "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11";
    for (const res of [
      await call(simulations.GET, { path, bearer: k }),
      await call(oneSimulation.DELETE, {
        method: "DELETE",
        path: `${path}/${id}`,
        params: { simulation_id: id },
        bearer: k,
      }),
      await call(fire.POST, { method: "POST", path: `${path}/fire-watches`, bearer: k }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/sandbox/);
    }
  });
});

describe("fire my watches now", () => {
  it("refreshes every active watch at once; the injected weather reaches the webhook as a signed event", async () => {
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const { watch } = await createWatchVia(
      u,
      watchBody(
        { latitude: 61.5, longitude: 23.7, webhook_url: world.rx.url("/fired") },
        { startInHours: 0, hours: 6 },
      ),
    );
    const k = await u.key(["weather:read", "weather:watch"]);
    const inj = await call(simulations.POST, {
      method: "POST",
      path,
      bearer: k,
      body: { lat: 61.5, lng: 23.7, kind: "thunderstorm" },
    });
    expect(inj.status).toBe(201);

    const res = await call(fire.POST, { method: "POST", path: `${path}/fire-watches`, bearer: k });
    expect(res.status).toBe(200);
    expect(res.body.data.fired).toBe(1);
    expect(res.body.data.watches[0]).toMatchObject({ watch_id: watch.watch_id, outcome: "refreshed" });
    const types = res.body.data.watches[0].events as string[];
    // The first check of a new watch is its baseline (snapshot_refreshed); later ones report changes.
    expect(types.length).toBeGreaterThan(0);

    // The report lists every event the fire caused, each with its queued deliveries (issue 42 item 5).
    const caused = res.body.data.caused as {
      events: Array<{ type: string; watch_id: string; deliveries: number }>;
      proposals: unknown[];
    };
    expect(caused.events.map((e) => e.type).sort()).toEqual([...types].sort());
    for (const e of caused.events) {
      expect(e.watch_id).toBe(watch.watch_id);
      expect(e.deliveries).toBeGreaterThanOrEqual(1);
    }
    expect(caused.proposals).toEqual([]);

    const evs = await world.db.select().from(watchEvents).where(eq(watchEvents.watchId, watch.watch_id));
    const fired = evs.find((e) => types.includes(e.type))!;
    await drainDeliveries();
    const got = await waitFor(
      async () => world.rx.requests.find((q) => q.url === "/fired" && q.headers["x-service-event-id"] === fired.id),
      "fired delivery",
    );
    const { secret } = await getOrCreateWatchSigningSecret(u.accountId);
    const h = new Headers(Object.entries(got.headers).map(([name, v]) => [name, String(v)] as [string, string]));
    expect(verifyWebhook(got.rawBody, h, secret)).toBe(true);
  });

  it("a refresh already running when the user clicks (the injection made the watch due): fire waits for it, then refreshes again", async () => {
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const { watch } = await createWatchVia(
      u,
      watchBody({ latitude: 62.5, longitude: 24.7, webhook_url: world.rx.url("/held") }, { startInHours: 0, hours: 6 }),
    );
    const k = await u.key(["weather:watch"]);
    // Another refresher holds the watch for one more second (its lease; it never records).
    await world.db
      .update(watches)
      .set({ claimToken: randomUUID(), claimedUntil: new Date(Date.now() + 1_000) })
      .where(eq(watches.id, watch.watch_id));
    const res = await call(fire.POST, { method: "POST", path: `${path}/fire-watches`, bearer: k });
    expect(res.body.data.fired).toBe(1);
    expect(res.body.data.watches[0]).toMatchObject({ watch_id: watch.watch_id, outcome: "refreshed" });
  });

  it("the runner refreshed the watch between the injection and the click: the report still lists the change the injection caused (issue 42 item 5)", async () => {
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const { watch } = await createWatchVia(
      u,
      watchBody(
        { latitude: 63.5, longitude: 25.7, webhook_url: world.rx.url("/early") },
        { startInHours: 0, hours: 6 },
      ),
    );
    const k = await u.key(["weather:read", "weather:watch"]);
    // The simulated weather there may already be at warning (rain near freezing, on some hours of a
    // November day), and a thunderstorm would then change no level: calm it first, so the baseline
    // is low whatever the clock says and the thunderstorm (created later, it wins) is a change.
    const calm = await call(simulations.POST, {
      method: "POST",
      path,
      bearer: k,
      body: {
        lat: 63.5,
        lng: 25.7,
        params: {
          temperature_c: 16,
          precipitation_mm_h: 0,
          precipitation_probability: 0,
          wind_speed_ms: 2,
          wind_gust_ms: 4,
          weather_code: 0,
          cloud_cover_pct: 10,
          visibility_m: 20000,
        },
      },
    });
    expect(calm.status, JSON.stringify(calm.body)).toBe(201);
    const baseline = await refreshWatch(watch.watch_id);
    expect(baseline.outcome).toBe("refreshed");
    const eventIds = async () =>
      (await world.db.select().from(watchEvents).where(eq(watchEvents.watchId, watch.watch_id))).map((r) => r.id);
    const baselineIds = await eventIds();
    const before = new Date(Date.now() - 1000).toISOString();
    const inj = await call(simulations.POST, {
      method: "POST",
      path,
      bearer: k,
      body: { lat: 63.5, lng: 25.7, kind: "thunderstorm" },
    });
    expect(inj.status).toBe(201);
    // The injection made the watch due; the runner gets there first and reports the change.
    const early = await refreshWatch(watch.watch_id);
    expect(early.outcome === "refreshed" && early.events).toEqual(expect.arrayContaining(["weather.change_detected"]));

    const res = await call(fire.POST, { method: "POST", path: `${path}/fire-watches`, bearer: k });
    const firedNow = res.body.data.watches[0].events as string[];
    expect(firedNow).not.toContain("weather.change_detected");
    const caused = res.body.data.caused as { since: string; events: Array<{ type: string; event_id: string }> };
    expect(caused.since >= before).toBe(true);
    expect(caused.events.map((e) => e.type)).toEqual(expect.arrayContaining(["weather.change_detected", ...firedNow]));
    // Read back from the rows: every event the watch emitted after the injection, none from before it.
    const after = (await eventIds()).filter((id) => !baselineIds.includes(id));
    expect(caused.events.map((e) => e.event_id).sort()).toEqual(after.sort());
  });

  it("no active watches: nothing fired", async () => {
    const k = await (await makeUser({ plan: "starter", environment: "sandbox" })).key(["weather:watch"]);
    const res = await call(fire.POST, { method: "POST", path: `${path}/fire-watches`, bearer: k });
    expect(res.body.data).toEqual({
      fired: 0,
      watches: [],
      caused: { since: expect.any(String), events: [], proposals: [] },
    });
  });
});
