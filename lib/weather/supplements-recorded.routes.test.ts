import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { hourlyRows } from "./io/providers/open-meteo-supplements";
import { startFixtureServer, type FixtureServer } from "./testing/fixture-server";
import { fixtureText } from "./testing/fixtures";
import { redateOpenMeteo } from "./testing/redate";

// Issue 31: recorded Open-Meteo forecast, Marine and Air Quality responses (same grid day,
// 2026-10-03 00:00-02:00 Europe/Amsterdam) flow through the real adapters into current,
// forecast, timeline and route answers. call() validates every answer against its contract.
const current = await routeModule("/v1/weather/current");
const forecast = await routeModule("/v1/weather/forecast");
const timeline = await routeModule("/v1/weather/timeline");
const route = await routeModule("/v1/weather/route");

const FORECAST = "open-meteo/frenck-python-open-meteo_forecast.json";
const MARINE = "open-meteo-marine/frenck-python-open-meteo_marine.json";
const AIR = "open-meteo-air-quality/frenck-python-open-meteo_air_quality.json";

let t: TestDatabase;
let srv: FixtureServer;
// The recorded first hour is moved to the hour before now, so "now" is its second hour.
const hourNow = Math.floor(Date.now() / 3_600_000) * 3_600_000;
beforeAll(async () => {
  t = await createTestDatabase();
  srv = await startFixtureServer();
  process.env.WEATHER_PROVIDER = "open-meteo";
  process.env.WEATHER_SUPPLEMENTS = "marine,air_quality";
  for (const k of ["OPEN_METEO_BASE_URL", "OPEN_METEO_MARINE_BASE_URL", "OPEN_METEO_AIR_QUALITY_BASE_URL"])
    process.env[k] = srv.baseUrl;
  resetEnvCache();
  srv.serve("/v1/forecast", { body: redateOpenMeteo(fixtureText(FORECAST), hourNow - 3_600_000) });
  srv.serve("/v1/marine", { body: redateOpenMeteo(fixtureText(MARINE), hourNow - 3_600_000) });
  srv.serve("/v1/air-quality", { body: redateOpenMeteo(fixtureText(AIR), hourNow - 3_600_000) });
});
afterAll(async () => {
  for (const k of [
    "WEATHER_PROVIDER",
    "WEATHER_SUPPLEMENTS",
    "OPEN_METEO_BASE_URL",
    "OPEN_METEO_MARINE_BASE_URL",
    "OPEN_METEO_AIR_QUALITY_BASE_URL",
  ])
    delete process.env[k];
  resetEnvCache();
  await srv.close();
  await t.close();
});

describe("recorded marine and air-quality responses through the endpoints", () => {
  it("the adapters read the recorded rows by UTC hour (local times with utc_offset_seconds)", () => {
    const rows = hourlyRows(JSON.parse(fixtureText(MARINE)));
    expect([...rows.keys()].map((ms) => new Date(ms).toISOString())).toEqual([
      "2026-10-02T22:00:00.000Z",
      "2026-10-02T23:00:00.000Z",
      "2026-10-03T00:00:00.000Z",
    ]);
    expect(rows.get(Date.parse("2026-10-02T23:00:00Z"))).toMatchObject({ wave_height: 0.78, wave_period: 3.85 });
  });

  it("current: sea state and air quality of the hour covering now; the sources are credited", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline", "weather:route"]);
    const r = await call(current.GET, {
      path: "/v1/weather/current?lat=53.04&lng=3.96&activity_type=hiking",
      bearer: k,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.provider).toBe("open-meteo");
    // The recorded second hour (or the third, should the clock pass the hour mid-test).
    const aq = r.body.data.current.air_quality;
    const second = aq.us_aqi === 61;
    expect(r.body.data.current.sea_state).toEqual({
      wave_height_m: 0.8,
      wave_period_s: 3.9,
      wave_direction_deg: expect.any(Number),
    });
    expect(aq).toMatchObject(
      second
        ? { us_aqi: 61, european_aqi: 43, pm2_5: 20, pm10: 23.4 }
        : { us_aqi: 62, european_aqi: 42, pm2_5: 18.9, pm10: 23.9 },
    );
    expect(aq.pollen).toEqual({ alder: 0, birch: 0, grass: 0, mugwort: 0, olive: 0, ragweed: 0 });
    expect(r.body.data.attribution).toMatch(/Marine and air-quality data by Open-Meteo/);
    expect(
      srv.requests.some(
        (q) => q.startsWith("/v1/marine?") && q.includes("hourly=wave_height%2Cwave_period%2Cwave_direction"),
      ),
    ).toBe(true);
    expect(srv.requests.some((q) => q.startsWith("/v1/air-quality?") && q.includes("us_aqi"))).toBe(true);
    // Recorded AQI 61 (US) / 43 (EU): moderate/fair -> no air reason for hiking.
    expect(r.body.data.risk.reasons.map((x: { code: string }) => x.code)).not.toContain("poor_air_quality");

    const f = await call(forecast.GET, {
      path: "/v1/weather/forecast?lat=53.04&lng=3.96&granularity=hourly&days=1",
      bearer: k,
    });
    expect(f.status).toBe(200);
    expect(f.body.data.hourly[0].sea_state.wave_height_m).toBe(0.8);
    expect([61, 62]).toContain(f.body.data.hourly[0].air_quality.us_aqi);
  });

  it("timeline and ferry route: the recorded values reach risk and the per-segment sea state", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:timeline", "weather:route"]);
    const start = new Date(hourNow + 10 * 60_000).toISOString();
    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: { items: [{ id: "boat", start, lat: 53.04, lng: 3.96, activity_type: "boat_tour" }] },
    });
    expect(tl.status).toBe(200);
    // 0.78 m waves: below the small-craft watch (1.25 m, WMO "moderate").
    expect(tl.body.data.items[0].risk.reasons.map((x: { code: string }) => x.code)).not.toContain("rough_sea");
    const r = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: { lat: 53.0, lng: 3.9 },
        destination: { lat: 53.1, lng: 4.0 },
        transport_mode: "ferry",
        start_time: start,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.vessel).toBe("large");
    for (const s of r.body.data.segments)
      expect(s.sea_state).toEqual({ wave_height_m: 0.8, wave_period_s: 3.9, wave_direction_deg: expect.any(Number) });
  });

  it("a failing supplement leaves its values null; the forecast still answers", async () => {
    srv.serve("/v1/air-quality", { status: 503, body: JSON.stringify({ error: true, reason: "down" }) });
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read"]);
    const r = await call(current.GET, { path: "/v1/weather/current?lat=40.0&lng=-30.0", bearer: k });
    expect(r.status).toBe(200);
    expect(r.body.data.current.air_quality).toBeNull();
    expect(r.body.data.current.sea_state?.wave_height_m).toBe(0.8);
  });
});
