import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { weatherContracts } from "./contracts";
import { planRoute } from "./core/route-plan";
import { injectSimulatedWeather } from "./io/simulations";

// Issue 31 acceptance through the endpoints: sea state (ferry, beach) and air quality (hiking),
// injected through the simulated provider, answers checked against the contract schemas.
const route = await routeModule("/v1/weather/route");
const timeline = await routeModule("/v1/weather/timeline");
const current = await routeModule("/v1/weather/current");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

/** Strict: the contract schema parses the answer and strips nothing (no undocumented field). */
function strict(schema: unknown, data: unknown) {
  const s = schema as { parse: (v: unknown) => unknown };
  expect(JSON.parse(JSON.stringify(s.parse(data)))).toEqual(data);
}

const HOUR = 3_600_000;
// Mild, dry, light air: nothing but the injected sea or air can raise a reason.
const CALM = {
  temperature_c: 16,
  feels_like_c: 16,
  precipitation_mm_h: 0,
  precipitation_probability: 0,
  weather_code: 1,
  uv_index: 1,
  visibility_m: 20000,
  wind_gust_ms: 14,
};

async function injectAlong(
  o: { lat: number; lng: number },
  d: { lat: number; lng: number },
  mode: "ferry" | "car",
  startMs: number,
  params: Record<string, number>,
) {
  for (const p of planRoute({ origin: o, destination: d, transport_mode: mode, start_time: new Date(startMs) })
    .segments) {
    await injectSimulatedWeather({
      ...p.mid_point,
      kind: "custom",
      startsAt: new Date(startMs - HOUR),
      endsAt: new Date(startMs + 6 * HOUR),
      params: { ...CALM, ...params },
    });
  }
}

describe("sea state on ferry routes (issue 31)", () => {
  it("3.5 m waves (WMO rough) on a default (large) ferry -> warning named rough_sea (issue 39); sea_state per segment", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:route"]);
    const a = { lat: 59.9, lng: 10.6 };
    const b = { lat: 59.6, lng: 10.6 };
    const now = Date.now();
    await injectAlong(a, b, "ferry", now, {
      wave_height_m: 3.5,
      wave_period_s: 8,
      wave_direction_deg: 200,
      wind_speed_ms: 8,
    });
    const r = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: a,
        destination: b,
        transport_mode: "ferry",
        start_time: new Date(now).toISOString(),
        language: "it",
      },
    });
    expect(r.status).toBe(200);
    strict(weatherContracts.route.responses[200].schema, r.body.data);
    expect(r.body.data.overall_risk).toMatchObject({ level: "warning", main_issue: "rough_sea" });
    for (const s of r.body.data.segments)
      expect(s.sea_state).toEqual({ wave_height_m: 3.5, wave_period_s: 8, wave_direction_deg: 200 });
    expect(r.body.data.overall_risk.reasons.find((x: { code: string }) => x.code === "rough_sea")).toMatchObject({
      level: "warning",
      message: "Previsto mare mosso (onde fino a 3,5 m).",
    });
    // Small craft and fast craft meet their own tables; a car route has no sea_state at all.
    const small = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: a,
        destination: b,
        transport_mode: "ferry",
        vessel: "fast",
        start_time: new Date(now).toISOString(),
      },
    });
    expect(small.body.data.overall_risk).toMatchObject({ level: "warning", main_issue: "rough_sea" });
  });

  it("0.5 m waves and 40 km/h wind -> low or watch, never worse than a car on the same weather", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:route"]);
    const a = { lat: 43.3, lng: 5.2 };
    const b = { lat: 43.1, lng: 5.2 };
    const now = Date.now();
    await injectAlong(a, b, "ferry", now, {
      wave_height_m: 0.5,
      wave_period_s: 4,
      wind_speed_ms: 40 / 3.6,
      wind_gust_ms: 55 / 3.6,
    });
    const start = new Date(now).toISOString();
    const ferry = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: { origin: a, destination: b, transport_mode: "ferry", start_time: start },
    });
    const car = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: { origin: a, destination: b, transport_mode: "car", start_time: start },
    });
    strict(weatherContracts.route.responses[200].schema, ferry.body.data);
    expect(["low", "watch"]).toContain(ferry.body.data.overall_risk.level);
    const rank = { low: 0, watch: 1, warning: 2 } as Record<string, number>;
    expect(rank[ferry.body.data.overall_risk.level]).toBeLessThanOrEqual(rank[car.body.data.overall_risk.level]);
    expect(ferry.body.data.segments[0].sea_state.wave_height_m).toBe(0.5);
    expect(car.body.data.segments[0]).not.toHaveProperty("sea_state");
  });
});

describe("air quality and pollen over strenuous activities (issue 31)", () => {
  it("US AQI 150 over hiking -> a poor_air_quality reason at least watch; AQI 30 -> none; museum never", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:timeline", "weather:read"]);
    const now = Date.now();
    const bad = { lat: 28.61, lng: 77.21 };
    const clean = { lat: 64.13, lng: -21.9 };
    await injectSimulatedWeather({
      ...bad,
      kind: "custom",
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 6 * HOUR),
      params: { ...CALM, us_aqi: 150, pm2_5: 55, pollen_grass: 5 },
    });
    await injectSimulatedWeather({
      ...clean,
      kind: "custom",
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 6 * HOUR),
      params: { ...CALM, us_aqi: 30, european_aqi: 20 },
    });
    const start = new Date(now + 5 * 60_000).toISOString();
    const items = [
      { id: "hike-bad", start, lat: bad.lat, lng: bad.lng, activity_type: "hiking" },
      { id: "museum-bad", start, lat: bad.lat, lng: bad.lng, activity_type: "museum" },
      { id: "hike-clean", start, lat: clean.lat, lng: clean.lng, activity_type: "hiking" },
    ];
    const r = await call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body: { items } });
    expect(r.status).toBe(200);
    strict(weatherContracts.timeline.responses[200].schema, r.body.data);
    const by = Object.fromEntries(r.body.data.items.map((i: { id: string }) => [i.id, i])) as Record<
      string,
      { risk: { level: string; reasons: Array<{ code: string; level: string; message: string }> } }
    >;
    const aq = by["hike-bad"].risk.reasons.find((x) => x.code === "poor_air_quality");
    expect(aq?.level).toBe("watch");
    expect(aq?.message).toBe("Poor air quality expected (US AQI up to 150).");
    expect(by["museum-bad"].risk.reasons.map((x) => x.code)).not.toContain("poor_air_quality");
    expect(by["hike-clean"].risk.reasons.map((x) => x.code)).not.toContain("poor_air_quality");

    // The values are exposed on current (and hourly forecast entries).
    const c = await call(current.GET, {
      path: `/v1/weather/current?lat=${bad.lat}&lng=${bad.lng}&activity_type=running`,
      bearer: k,
    });
    strict(weatherContracts.current.responses[200].schema, c.body.data);
    expect(c.body.data.current.air_quality).toMatchObject({
      us_aqi: 150,
      pm2_5: 55,
      pollen: { grass: 5, birch: null },
    });
    expect(c.body.data.risk.reasons.map((x: { code: string }) => x.code)).toContain("poor_air_quality");
  });

  it("US AQI 160 is a warning for cycling; high grass pollen is a watch", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:timeline"]);
    const now = Date.now();
    const p = { lat: 34.05, lng: -118.24 };
    await injectSimulatedWeather({
      ...p,
      kind: "custom",
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 6 * HOUR),
      params: { ...CALM, us_aqi: 160, pollen_grass: 120 },
    });
    const r = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: {
        language: "nl",
        items: [{ start: new Date(now + 5 * 60_000).toISOString(), lat: p.lat, lng: p.lng, activity_type: "cycling" }],
      },
    });
    const reasons = r.body.data.items[0].risk.reasons as Array<{ code: string; level: string; message: string }>;
    expect(reasons.find((x) => x.code === "poor_air_quality")?.level).toBe("warning");
    expect(reasons.find((x) => x.code === "high_pollen")).toMatchObject({
      level: "watch",
      message: "Veel graspollen verwacht (120 korrels/m³).",
    });
  });
});
