import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { watchEvents, watches } from "@/drizzle/schema";
import { describeWithPostgres } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { injectSimulatedWeather } from "@/lib/weather";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { drainDeliveries, setWebhookEnv, waitFor } from "@/lib/webhooks/testing/helpers";
import { getOrCreateWatchSigningSecret } from "@/lib/webhooks/watch-signing-secret";
import { MAX_REFRESH_FAILURES } from "./cadence";
import { workLeaseMs } from "@/lib/jobs/lease-heartbeat";
import { cancelWatch } from "./change-watch-status";
import { claimDueWatches, claimWatchNow, renewWatchClaims } from "./claim-watches";
import { localTasks, runDueWork } from "@/lib/jobs/local-runner";
import { JOBS } from "@/lib/registry/job-table";

const watchTasks = () =>
  localTasks({ jobs: JOBS.filter((j) => j.name === "watch-expiry" || j.name === "watch-refresh"), cronDueNow: true });
import { expireWatches } from "./expire-watches";
import { refreshWatch } from "./refresh-watch";
import { refreshDueWatches } from "./run-due-watches";
import { createWatchVia, watchBody } from "./testing/watch-fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const watchById = await routeModule("/v1/weather/watch/{watch_id}");

const world = deliveryTestWorld("0,0,0", { receiverPerFile: true });

const HOUR = 3600_000;
let placeSeq = 0;

/** A sandbox account (simulated provider) with a watch at its own place, window from +2 h to +6 h. */
async function sandboxWatch(u?: TestUser, overrides: Record<string, unknown> = {}) {
  const user = u ?? (await makeUser({ plan: "starter", environment: "sandbox" }));
  placeSeq++;
  // Distinct geohash-5 cells per watch so injections never leak between tests.
  const body = watchBody(
    {
      latitude: 10 + placeSeq * 0.5,
      longitude: 20 + placeSeq * 0.5,
      webhook_url: world.rx.url(`/watch-${placeSeq}`),
      ...overrides,
    },
    { startInHours: 2, hours: 4 },
  );
  const { watch, key } = await createWatchVia(user, body);
  return { user, key, id: watch.watch_id, body, path: `/watch-${placeSeq}` };
}

async function eventsOf(watchId: string) {
  return world.db.select().from(watchEvents).where(eq(watchEvents.watchId, watchId)).orderBy(watchEvents.createdAt);
}

function opensslHmacHex(secret: string, payload: string): string {
  const out = execFileSync("openssl", ["dgst", "-sha256", "-hmac", secret], { input: payload }).toString();
  return out.trim().split(/\s+/).pop()!;
}

describe("refreshing a watch", () => {
  it("first refresh records the baseline snapshot, risk and weather.snapshot_refreshed", async () => {
    const w = await sandboxWatch();
    const r = await refreshWatch(w.id);
    expect(r).toMatchObject({ outcome: "refreshed", events: ["weather.snapshot_refreshed"] });
    const res = await call(watchById.GET, {
      bearer: w.key,
      path: `/v1/weather/watch/${w.id}`,
      params: { watch_id: w.id },
    });
    const d = res.body.data;
    expect(d.latest_snapshot).toMatchObject({ forecast_type: "hourly", freshness_band: "fresh", alerts: [] });
    expect(d.latest_snapshot.snapshot_id).toMatch(/^[0-9a-f-]{36}$/);
    for (const k of ["precipitation_probability", "temperature_c", "wind_speed_kph", "uv_index"])
      expect(typeof d.latest_snapshot.metrics[k]).toBe("number");
    expect(["low", "watch", "warning"]).toContain(d.latest_risk.level);
    expect(d.last_risk_level).toBe(d.latest_risk.level);
    expect(d.failure_count).toBe(0);
    expect(Date.parse(d.next_check_at)).toBeGreaterThan(Date.parse(d.last_checked_at));
    expect(d.recent_change_events).toEqual([]); // snapshot_refreshed is not a change
  });

  it("injected weather produces weather.change_detected at the webhook_url, signed with the watch secret (openssl)", async () => {
    const w = await sandboxWatch();
    await refreshWatch(w.id);
    const start = new Date(w.body.starts_at);
    const end = new Date(w.body.ends_at);
    await injectSimulatedWeather({
      lat: w.body.latitude,
      lng: w.body.longitude,
      kind: "heavy_rain",
      startsAt: start,
      endsAt: end,
    });
    await injectSimulatedWeather({
      lat: w.body.latitude,
      lng: w.body.longitude,
      kind: "gusts",
      startsAt: start,
      endsAt: end,
      params: { wind_gust_ms: 35 },
    });
    const r = await refreshWatch(w.id);
    expect(r.outcome).toBe("refreshed");
    expect((r as { events: string[] }).events).toContain("weather.change_detected");

    const [change] = (await eventsOf(w.id)).filter((e) => e.type === "weather.change_detected");
    const changes = change.data.changes as Array<{ metric: string; delta: number | null; threshold: number | null }>;
    expect(changes.map((c) => c.metric)).toContain("wind_speed_kph");
    for (const c of changes) if (c.delta !== null) expect(Math.abs(c.delta)).toBeGreaterThanOrEqual(c.threshold!);

    await drainDeliveries();
    const got = await waitFor(
      async () => world.rx.requests.find((q) => q.url === w.path && q.headers["x-service-event-id"] === change.id),
      "change delivery",
    );
    const envelope = JSON.parse(got.rawBody);
    expect(envelope).toMatchObject({
      id: change.id,
      type: "weather.change_detected",
      data: { watch_id: w.id, changes: expect.any(Array) },
    });
    const { secret } = await getOrCreateWatchSigningSecret(w.user.accountId);
    const ts = String(got.headers["x-service-timestamp"]);
    expect(opensslHmacHex(secret, `${ts}.${got.rawBody}`)).toBe(got.headers["x-service-signature"]);
    expect(opensslHmacHex(secret, `${ts}.${got.rawBody.replace("change_detected", "change_detectee")}`)).not.toBe(
      got.headers["x-service-signature"],
    );

    const read = await call(watchById.GET, {
      bearer: w.key,
      path: `/v1/weather/watch/${w.id}`,
      params: { watch_id: w.id },
    });
    expect(read.body.data.recent_change_events[0]).toMatchObject({
      event_id: change.id,
      type: "weather.change_detected",
    });
  });

  it("a new severe alert emits weather.severe_alert_added once", async () => {
    const w = await sandboxWatch();
    await refreshWatch(w.id);
    await injectSimulatedWeather({
      lat: w.body.latitude,
      lng: w.body.longitude,
      kind: "severe_alert",
      startsAt: new Date(w.body.starts_at),
      endsAt: new Date(w.body.ends_at),
      params: { severity: "extreme", alert_event: "Hurricane Warning" },
    });
    const first = await refreshWatch(w.id);
    expect((first as { events: string[] }).events).toContain("weather.severe_alert_added");
    const second = await refreshWatch(w.id);
    expect((second as { events: string[] }).events).not.toContain("weather.severe_alert_added");
    const alerts = (await eventsOf(w.id)).filter((e) => e.type === "weather.severe_alert_added");
    expect(alerts).toHaveLength(1);
    expect(alerts[0].data.alert).toMatchObject({ severity: "extreme", event: "Hurricane Warning" });
  });

  it("a crashed refresher's claim lapses after the lease; its late result is discarded", async () => {
    const w = await sandboxWatch();
    const stale = await claimWatchNow(world.db, w.id);
    expect(stale).toBeDefined();
    // While the lease runs nobody else may claim it.
    expect(await claimDueWatches(world.db, 1000)).not.toContainEqual(expect.objectContaining({ id: w.id }));
    const later = new Date(Date.now() + workLeaseMs() + 1000);
    const [retaken] = (await claimDueWatches(world.db, 1000, later)).filter((c) => c.id === w.id);
    expect(retaken).toBeDefined();
    expect(await refreshWatch(w.id, { claim: stale })).toEqual({ outcome: "skipped", reason: "claim_lost" });
    expect(await refreshWatch(w.id, { claim: retaken })).toMatchObject({ outcome: "refreshed" });
    expect((await eventsOf(w.id)).map((e) => e.type)).toEqual(["weather.snapshot_refreshed"]);
  });

  it("the refresher's heartbeat extends its own claim's lease, never one taken over by another refresher", async () => {
    const w = await sandboxWatch();
    const held = await claimWatchNow(world.db, w.id);
    const until = async () =>
      (await world.db.select({ at: watches.claimedUntil }).from(watches).where(eq(watches.id, w.id)))[0].at!.getTime();
    const first = await until();
    const beatAt = new Date(Date.now() + 60_000);
    await renewWatchClaims(world.db, [held!], beatAt);
    expect(await until()).toBe(beatAt.getTime() + workLeaseMs()); // renewed: nobody may claim it meanwhile
    expect(await until()).toBeGreaterThan(first);
    const [taken] = (await claimDueWatches(world.db, 1000, new Date(beatAt.getTime() + workLeaseMs() + 1))).filter(
      (c) => c.id === w.id,
    );
    expect(taken).toBeDefined();
    const takenUntil = await until();
    await renewWatchClaims(world.db, [held!], new Date(beatAt.getTime() + 10 * workLeaseMs())); // the old holder's late beat
    expect(await until()).toBe(takenUntil);
    expect(await refreshWatch(w.id, { claim: taken })).toMatchObject({ outcome: "refreshed" });
  });

  it("the local runner's watch tasks refresh due watches and retire ended ones in one pass", async () => {
    const due = await sandboxWatch();
    const ended = await sandboxWatch();
    const now = new Date();
    await world.db
      .update(watches)
      .set({ startsAt: new Date(now.getTime() - 3 * HOUR), endsAt: new Date(now.getTime() - 1000) })
      .where(eq(watches.id, ended.id));
    const counts = await runDueWork(watchTasks());
    expect(counts["watch-expiry"]).toBeGreaterThanOrEqual(1);
    expect(counts["watch-refresh"]).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(due.id)).map((e) => e.type)).toEqual(["weather.snapshot_refreshed"]);
    expect((await eventsOf(ended.id)).map((e) => e.type)).toEqual(["weather.watch_expired"]);
    // Nothing is due any more: a second pass does no watch work.
    const again = await runDueWork(watchTasks());
    expect(again["watch-refresh"]).toBe(0);
    expect(again["watch-expiry"]).toBe(0);
  });

  it("cancel stops refreshes, including one already in flight", async () => {
    const w = await sandboxWatch();
    const claim = await claimWatchNow(world.db, w.id);
    expect(claim).toBeDefined();
    await cancelWatch(w.user.accountId, w.id);
    expect(await refreshWatch(w.id, { claim })).toEqual({ outcome: "skipped", reason: "claim_lost" });
    expect(await refreshWatch(w.id)).toEqual({ outcome: "skipped", reason: "not_claimable" });
    await world.db
      .update(watches)
      .set({ nextCheckAt: new Date(Date.now() - 60_000) })
      .where(eq(watches.id, w.id));
    await refreshDueWatches({ limit: 1000 });
    expect(await eventsOf(w.id)).toEqual([]);
    const [row] = await world.db.select().from(watches).where(eq(watches.id, w.id));
    expect(row.latestSnapshot).toBeNull();
  });

  it("expiry emits weather.watch_expired at the webhook_url", async () => {
    const w = await sandboxWatch();
    const now = new Date();
    await world.db
      .update(watches)
      .set({ startsAt: new Date(now.getTime() - 3 * HOUR), endsAt: new Date(now.getTime() - 1000) })
      .where(eq(watches.id, w.id));
    expect(await expireWatches({ now })).toBeGreaterThanOrEqual(1);
    const [ev] = (await eventsOf(w.id)).filter((e) => e.type === "weather.watch_expired");
    await drainDeliveries();
    const got = await waitFor(
      async () => world.rx.requests.find((q) => q.headers["x-service-event-id"] === ev.id),
      "expiry delivery",
    );
    expect(JSON.parse(got.rawBody)).toMatchObject({ type: "weather.watch_expired", data: { watch_id: w.id } });
    expect(await refreshWatch(w.id)).toEqual({ outcome: "skipped", reason: "not_claimable" });
  });

  it(`after ${MAX_REFRESH_FAILURES} consecutive provider failures the watch is failed with weather.watch_failed`, async () => {
    // A production account on open-meteo pointed at a closed loopback port: real adapter, real refusal.
    setWebhookEnv({
      WEATHER_PROVIDER: "open-meteo",
      OPEN_METEO_BASE_URL: "http://127.0.0.1:9",
      WEATHER_PROVIDER_TIMEOUT_MS: "2000",
    });
    try {
      const u = await makeUser({ plan: "starter" });
      const w = await sandboxWatch(u, { latitude: -33.1, longitude: 151.3 });
      for (let i = 1; i < MAX_REFRESH_FAILURES; i++) {
        expect(await refreshWatch(w.id)).toEqual({ outcome: "failed_attempt", failureCount: i });
      }
      const [mid] = await world.db.select().from(watches).where(eq(watches.id, w.id));
      expect(mid.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
      expect(mid.lastError).toBeTruthy();
      expect(await refreshWatch(w.id)).toEqual({ outcome: "watch_failed" });
      const [row] = await world.db.select().from(watches).where(eq(watches.id, w.id));
      expect(row).toMatchObject({ status: "failed", failureCount: MAX_REFRESH_FAILURES, nextCheckAt: null });
      const failed = (await eventsOf(w.id)).filter((e) => e.type === "weather.watch_failed");
      expect(failed).toHaveLength(1);
      expect(failed[0].data).toMatchObject({ failure_count: MAX_REFRESH_FAILURES });
    } finally {
      setWebhookEnv({
        WEATHER_PROVIDER: undefined,
        OPEN_METEO_BASE_URL: undefined,
        WEATHER_PROVIDER_TIMEOUT_MS: undefined,
      });
    }
  });
});

describeWithPostgres("concurrent refreshers (real Postgres)", () => {
  async function refreshedCounts(ids: string[]) {
    const rows = await world.db
      .select({ watchId: watchEvents.watchId, n: sql<number>`count(*)::int` })
      .from(watchEvents)
      .where(and(inArray(watchEvents.watchId, ids), eq(watchEvents.type, "weather.snapshot_refreshed")))
      .groupBy(watchEvents.watchId);
    return new Map(rows.map((r) => [r.watchId, r.n]));
  }

  it("racing schedulers refresh each due watch exactly once", async () => {
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await sandboxWatch(u)).id);
    const claimed = await Promise.all(Array.from({ length: 5 }, () => refreshDueWatches({ limit: 3 })));
    while ((await refreshDueWatches({ limit: 100 })) > 0);
    const counts = await refreshedCounts(ids);
    for (const id of ids) expect(counts.get(id), id).toBe(1);
    expect(claimed.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it("a claim delivered several times at once (duplicate events) is processed once", async () => {
    const w = await sandboxWatch(await makeUser({ plan: "starter", environment: "sandbox" }));
    const claim = await claimWatchNow(world.db, w.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshWatch(w.id, { claim })));
    expect(results.filter((r) => r.outcome === "refreshed")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "skipped")).toHaveLength(4);
    expect((await refreshedCounts([w.id])).get(w.id)).toBe(1);
  });
});
