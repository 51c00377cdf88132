import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { setPlan } from "@/lib/accounts/set-plan";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { watchContracts } from "./contracts";
import { createWatchVia, watchBody } from "./testing/watch-fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const watchRoute = await routeModule("/v1/weather/watch");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");
const pauseRoute = await routeModule("/v1/weather/watch/{watch_id}/pause");
const resumeRoute = await routeModule("/v1/weather/watch/{watch_id}/resume");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const byId = (id: string, suffix = "") => ({ path: `/v1/weather/watch/${id}${suffix}`, params: { watch_id: id } });

securitySuite({
  name: "POST /v1/weather/watch",
  handler: watchRoute.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:watch"],
  family: "weather",
  plan: "starter",
  target: async () => ({ path: "/v1/weather/watch", body: watchBody() }),
});
securitySuite({
  name: "GET /v1/weather/watch",
  handler: watchRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:watch"],
  family: "weather",
  plan: "starter",
  target: async () => ({ path: "/v1/weather/watch" }),
});
for (const [name, handler, method, suffix] of [
  ["GET /v1/weather/watch/{id}", watchById.GET, "GET", ""],
  ["DELETE /v1/weather/watch/{id}", watchById.DELETE, "DELETE", ""],
  ["POST /v1/weather/watch/{id}/pause", pauseRoute.POST, "POST", "/pause"],
  ["POST /v1/weather/watch/{id}/resume", resumeRoute.POST, "POST", "/resume"],
] as const) {
  securitySuite({
    name,
    handler,
    method,
    credential: "apiKey",
    scopes: ["weather:watch"],
    family: "weather",
    plan: "starter",
    ownedResource: true,
    target: async (owner) => byId((await createWatchVia(owner)).watch.watch_id, suffix),
  });
}

describe("POST /v1/weather/watch", () => {
  it("creates an active watch with change_rules merged with the defaults (201, 1 unit)", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:watch"]);
    const body = watchBody({ change_rules: { precipitation_probability_delta: 20, detect_severe_alerts: false } });
    const res = await call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body });
    expect(res.status).toBe(201);
    expect(res.body.meta.billing_units).toBe(1);
    const w = res.body.data;
    expect(w).toMatchObject({
      status: "active",
      target_type: "place",
      target_ref: { place_id: "plc_lisbon_miradouro" },
      activity_type: "walking_tour",
      transport_mode: null,
      outdoor: true,
      webhook_url: "https://hooks.example.com/watch",
      starts_at: body.starts_at,
      ends_at: body.ends_at,
      change_rules: {
        precipitation_probability_delta: 20,
        temperature_c_delta: 5,
        wind_kph_delta: 20,
        uv_index_delta: 3,
        detect_severe_alerts: false,
        detect_risk_level_change: true,
      },
    });
    expect(w.watch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(w.next_check_at)).toBeLessThanOrEqual(Date.parse(w.created_at));
  });

  // target_type trip needs a trip the caller is a member of: trip-watch.test.ts.
  it("accepts each target type with its documented target_ref, and defaults a place's ref", async () => {
    const u = await makeUser({ plan: "starter" });
    const cases = [
      { target_type: "place", target_ref: undefined, want: { place_id: expect.stringMatching(/^geo:[0-9a-z]{7}$/) } },
      {
        target_type: "timeline_item",
        target_ref: { item_id: "itm_1", trip_id: 42 },
        want: { item_id: "itm_1", trip_id: 42 },
      },
      {
        target_type: "route_window",
        target_ref: { origin: { lat: 38.7, lng: -9.1 }, destination: { lat: 38.8, lng: -9.4 } },
        transport_mode: "ferry",
        want: { origin: { lat: 38.7, lng: -9.1 } },
      },
    ];
    for (const c of cases) {
      const { want, ...overrides } = c;
      const body = watchBody(overrides);
      if (c.target_ref === undefined) delete (body as Record<string, unknown>).target_ref;
      const { watch } = await createWatchVia(u, body);
      expect(watch.target_type).toBe(c.target_type);
      expect(watch.target_ref).toMatchObject(want);
    }
  });

  it("outdoor defaults from the transport mode, else the activity profile", async () => {
    const u = await makeUser({ plan: "starter" });
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{ activity_type: "museum" }, false],
      [{ activity_type: "beach" }, true],
      [{ activity_type: "my_custom_thing" }, true],
      [{ activity_type: "hiking", transport_mode: "car" }, false],
      [{ activity_type: "museum", transport_mode: "cycling" }, true],
    ];
    for (const [overrides, outdoor] of cases) {
      const body = watchBody(overrides) as Record<string, unknown>;
      delete body.outdoor;
      const { watch } = await createWatchVia(u, body);
      expect(watch.outdoor, JSON.stringify(overrides)).toBe(outdoor);
    }
  });

  it("rejects bad input with bad_request naming the field, and bills nothing", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:watch"]);
    const past = new Date(Date.now() - 48 * 3600_000).toISOString();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ webhook_url: "http://hooks.example.com/x" }, /https/],
      [{ webhook_url: "https://127.0.0.1/x" }, /internal/],
      [{ webhook_url: "not a url" }, /webhook_url/],
      [{ latitude: 91 }, /latitude/],
      [{ longitude: -181 }, /longitude/],
      [{ ends_at: watchBody().starts_at }, /after starts_at/],
      [{ starts_at: past, ends_at: new Date(Date.now() - 3600_000).toISOString() }, /already ended/],
      [{ starts_at: "tomorrow" }, /starts_at/],
      [{ target_type: "trip", target_ref: { place_id: "x" } }, /target_ref/],
      [
        { target_type: "route_window", target_ref: { origin: { lat: 1, lng: 2 }, destination: { lat: 1, lng: 3 } } },
        /transport_mode/,
      ],
      [{ change_rules: { temperature_c_delta: -1 } }, /change_rules/],
      [{ change_rules: { unknown_rule: 1 } }, /change_rules/],
      [{ activity_type: "" }, /activity_type/],
      [{ surprise: true }, /surprise|Unrecognized/i],
    ];
    for (const [overrides, msg] of cases) {
      const res = await call(watchRoute.POST, {
        method: "POST",
        path: "/v1/weather/watch",
        bearer: key,
        body: watchBody(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
      expect(res.body.error.message, JSON.stringify(overrides)).toMatch(msg);
      expect(res.body.meta.billing_units).toBeUndefined();
    }
    const list = await call(watchRoute.GET, { path: "/v1/weather/watch", bearer: key });
    expect(list.body.data.watches).toHaveLength(0);
  });

  it("free plan: 402 billing_limit_reached; at the active cap: 429 with dimension active_watches", async () => {
    const free = await makeUser({ plan: "free" });
    const fk = await free.key(["weather:watch"]);
    const r402 = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: fk,
      body: watchBody(),
    });
    expect(r402.status).toBe(402);
    expect(r402.body.error.code).toBe("billing_limit_reached");
    // Both refusals are documented in the machine-readable description.
    const created = openApiDocument().paths?.["/v1/weather/watch"]?.post?.responses ?? {};
    expect(Object.keys(created)).toEqual(expect.arrayContaining(["402", "429"]));

    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { active_watches: 1 } });
    const { watch, key } = await createWatchVia(u);
    const r429 = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: key,
      body: watchBody(),
    });
    expect(r429.status).toBe(429);
    expect(r429.body.error.details.dimension).toBe("active_watches");
    // Pausing frees the slot; resuming needs it back.
    expect(
      (await call(pauseRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/pause") })).status,
    ).toBe(200);
    const second = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: key,
      body: watchBody(),
    });
    expect(second.status).toBe(201);
    const resume = await call(resumeRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/resume") });
    expect(resume.status).toBe(429);
  });
});

describe("reading, listing, cancelling, pausing", () => {
  it("GET returns the full read shape before the first refresh", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const res = await call(watchById.GET, { bearer: key, ...byId(watch.watch_id) });
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(1);
    expect(res.body.data).toMatchObject({
      watch_id: watch.watch_id,
      status: "active",
      last_checked_at: null,
      last_risk_level: null,
      failure_count: 0,
      expired_at: null,
      latest_snapshot: null,
      latest_risk: null,
      recent_change_events: [],
    });
    expect(typeof res.body.data.updated_at).toBe("string");
  });

  it("an unknown or malformed id is 404", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:watch"]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await call(watchById.GET, { bearer: key, ...byId(id) });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      expect(res.headers.get("x-ratelimit-limit")).toBe("25000");
    }
    // Credentials are checked before the path: a malformed id without a key is 401.
    const anon = await call(watchById.GET, byId("nope"));
    expect(anon.status).toBe(401);
  });

  it("lists newest first with cursor pagination and a status filter, 0 units, only the caller's watches", async () => {
    const u = await makeUser({ plan: "starter" });
    const other = await makeUser({ plan: "starter" });
    await createWatchVia(other);
    const ids: string[] = [];
    let key = "";
    for (let i = 0; i < 5; i++) {
      const r = await createWatchVia(u);
      ids.push(r.watch.watch_id);
      key = r.key;
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await call(watchRoute.GET, {
        path: `/v1/weather/watch?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        bearer: key,
      });
      expect(res.status).toBe(200);
      expect(res.body.meta.billing_units).toBe(0);
      seen.push(...res.body.data.watches.map((w: { watch_id: string }) => w.watch_id));
      cursor = res.body.data.next_cursor ?? undefined;
      if (!res.body.data.has_more) break;
    }
    expect(seen).toEqual([...ids].reverse());
    // Every returned field is documented, and every documented field is returned.
    const listSchema = watchContracts.listWatches.responses[200].schema as z.ZodObject<{
      watches: z.ZodArray<z.ZodObject>;
    }>;
    const itemSchema = listSchema.shape.watches.element;
    const listed = (await call(watchRoute.GET, { path: "/v1/weather/watch?limit=1", bearer: key })).body.data
      .watches[0];
    expect(Object.keys(listed).sort()).toEqual(Object.keys(itemSchema.shape).sort());
    expect(itemSchema.strict().safeParse(listed).success).toBe(true);
    await call(watchById.DELETE, { method: "DELETE", bearer: key, ...byId(ids[0]) });
    const cancelled = await call(watchRoute.GET, { path: "/v1/weather/watch?status=cancelled", bearer: key });
    expect(cancelled.body.data.watches.map((w: { watch_id: string }) => w.watch_id)).toEqual([ids[0]]);
    const bad = await call(watchRoute.GET, { path: "/v1/weather/watch?cursor=garbage", bearer: key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/cursor/);
  });

  it("a listed watch follows every write to its row (the stored list item is rewritten by the trigger), and the read agrees", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const listedItem = async () => {
      const r = await call(watchRoute.GET, { path: "/v1/weather/watch?limit=5", bearer: key });
      expect(r.status, r.text).toBe(200);
      return r.body.data.watches.find((w: { watch_id: string }) => w.watch_id === watch.watch_id);
    };
    const readItem = async () => (await call(watchById.GET, { bearer: key, ...byId(watch.watch_id) })).body.data;
    // Freshly created: the creation response's fields, and nothing checked or failed yet.
    expect(await listedItem()).toMatchObject({
      ...watch,
      last_checked_at: null,
      last_risk_level: null,
      failure_count: 0,
      expired_at: null,
    });
    // Through the API: pausing changes status, next_check_at and updated_at.
    const before = await listedItem();
    expect(
      (await call(pauseRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/pause") })).status,
    ).toBe(200);
    const paused = await listedItem();
    expect(paused).toMatchObject({ status: "paused", next_check_at: null });
    expect(Date.parse(paused.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    // Through plain SQL (as a job or an operator would write): the stored item follows too.
    await t.db
      .execute(sql`UPDATE watches SET last_checked_at = '2026-11-20T10:00:00.5+00', failure_count = 3, last_risk_level = 'high',
      webhook_url = 'https://hooks.example.com/moved', updated_at = '2026-11-20T10:00:01.25+00' WHERE id = ${watch.watch_id}::uuid`);
    const changed = {
      last_checked_at: "2026-11-20T10:00:00.500Z",
      failure_count: 3,
      last_risk_level: "high",
      webhook_url: "https://hooks.example.com/moved",
      updated_at: "2026-11-20T10:00:01.250Z",
    };
    expect(await listedItem()).toMatchObject(changed);
    // The read carries the same list fields plus its own.
    const read = await readItem();
    expect(read).toMatchObject({
      ...(await listedItem()),
      paused_at: expect.any(String),
      latest_snapshot: null,
      recent_change_events: [],
    });
  });

  it("a read reports the latest snapshot's freshness band from its age: fresh to 60 min, stale to 6 h, then expired", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const id = watch.watch_id;
    const metrics = {
      precipitation_probability: 40,
      precipitation_intensity_mm_h: 0.6,
      temperature_c: 12.5,
      feels_like_c: 11,
      wind_speed_kph: 18.4,
      wind_gust_kph: 31,
      uv_index: 2,
      visibility_km: 10,
    };
    const alerts = [
      { id: "a1", event: "Wind warning", severity: "moderate", starts: null, ends: null, source: "Meteo-France" },
    ];
    const read = async () => {
      const r = await call(watchById.GET, { bearer: key, ...byId(id) });
      expect(r.status, r.text).toBe(200);
      return r.body.data;
    };
    expect((await read()).latest_snapshot).toBeNull();
    for (const [ageMinutes, band] of [
      [10, "fresh"],
      [59, "fresh"],
      [61, "stale"],
      [359, "stale"],
      [361, "expired"],
    ] as const) {
      const fetchedAt = new Date(Date.now() - ageMinutes * 60_000).toISOString();
      const snap = {
        snapshot_id: "5b0c6f1e-0000-4c3b-9e71-2f4a6d8c1b90",
        forecast_type: "hourly",
        valid_from: null,
        valid_to: "2026-11-30T00:00:00.000Z",
        fetched_at: fetchedAt,
        provider: "simulated",
        metrics,
        alerts,
      };
      await t.db.execute(
        sql`UPDATE watches SET latest_snapshot = ${JSON.stringify(snap)}::jsonb WHERE id = ${id}::uuid`,
      );
      const d = await read();
      expect(d.latest_snapshot, `${ageMinutes} min`).toEqual({ ...snap, provider: undefined, freshness_band: band });
    }
  });

  it("pages through watches created in the same millisecond without skipping or repeating one", async () => {
    const u = await makeUser({ plan: "starter" });
    const ids: string[] = [];
    let key = "";
    for (let i = 0; i < 4; i++) {
      const r = await createWatchVia(u);
      ids.push(r.watch.watch_id);
      key = r.key;
    }
    // Four creation times inside one millisecond, microseconds apart (a burst of creates can do this).
    for (const [i, id] of ids.entries()) {
      await t.db.execute(
        sql`UPDATE watches SET created_at = ${`2026-11-20 10:00:00.12300${i + 1}+00`}::timestamptz WHERE id = ${id}::uuid`,
      );
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 6; page++) {
      const res = await call(watchRoute.GET, {
        path: `/v1/weather/watch?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        bearer: key,
      });
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.watches.map((w: { watch_id: string }) => w.watch_id));
      cursor = res.body.data.next_cursor ?? undefined;
      if (!res.body.data.has_more) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("DELETE cancels (expired_at set, next check cleared), is idempotent, and the read shows it", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const res = await call(watchById.DELETE, { method: "DELETE", bearer: key, ...byId(watch.watch_id) });
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(1);
    expect(res.body.data).toMatchObject({ watch_id: watch.watch_id, status: "cancelled" });
    expect(typeof res.body.data.expired_at).toBe("string");
    expect(Object.keys(res.body.data).sort()).toEqual(["expired_at", "status", "watch_id"]);
    const again = await call(watchById.DELETE, { method: "DELETE", bearer: key, ...byId(watch.watch_id) });
    expect(again.status).toBe(200);
    expect(again.body.data.expired_at).toBe(res.body.data.expired_at);
    const read = await call(watchById.GET, { bearer: key, ...byId(watch.watch_id) });
    expect(read.body.data).toMatchObject({
      status: "cancelled",
      expired_at: res.body.data.expired_at,
      next_check_at: null,
    });
    const pause = await call(pauseRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/pause") });
    expect(pause.status).toBe(409);
    expect(pause.body.error.code).toBe("conflict");
  });

  it("pause stops the schedule and resume makes a refresh due again", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const p = await call(pauseRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/pause") });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({ status: "paused", expired_at: null });
    const paused = await call(watchById.GET, { bearer: key, ...byId(watch.watch_id) });
    expect(paused.body.data).toMatchObject({ status: "paused", next_check_at: null });
    expect(typeof paused.body.data.paused_at).toBe("string");
    const r = await call(resumeRoute.POST, { method: "POST", bearer: key, ...byId(watch.watch_id, "/resume") });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe("active");
    const active = await call(watchById.GET, { bearer: key, ...byId(watch.watch_id) });
    expect(active.body.data.paused_at).toBeNull();
    expect(Date.parse(active.body.data.next_check_at)).toBeLessThanOrEqual(Date.now());
  });
});

describeWithPostgres("active_watches under concurrent creation (real Postgres)", () => {
  it("10 concurrent creates against a cap of 3 create exactly 3", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { active_watches: 3 } });
    const key = await u.key(["weather:watch"]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body: watchBody() }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const list = await call(watchRoute.GET, { path: "/v1/weather/watch?status=active", bearer: key });
    expect(list.body.data.watches).toHaveLength(3);
  });
});
