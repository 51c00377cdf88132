import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { normalizeOneCall } from "./io/providers/openweather";
import { injectSimulatedWeather } from "./io/simulations";
import { getSnapshot } from "./io/snapshots/get-snapshot";
import { startFixtureServer, type FixtureServer } from "./testing/fixture-server";
import { fixtureJson, fixtureText } from "./testing/fixtures";
import { redateOpenMeteo } from "./testing/redate";

// Issue 31 item 1: next-hour precipitation. A recorded Open-Meteo minutely_15 block (moved to the
// next hour; rain added where named) through the real adapter into current and timeline; recorded
// OpenWeather minutely; the simulated provider and an injection. call() validates every answer.
const current = await routeModule("/v1/weather/current");
const timeline = await routeModule("/v1/weather/timeline");
const route = await routeModule("/v1/weather/route");

const HOUR = 3_600_000;
const STEP = 15 * 60_000;
const ZONE = "Europe/Amsterdam";
const POINT = { lat: 52.27, lng: 6.87 };
const now = Date.now();
// First recorded step ends a quarter after the next quarter-hour: steps start at q, q+15, q+30, q+45.
const q = Math.ceil(now / STEP) * STEP;
const local = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");

/** The recorded forecast with the recorded minutely_15 block, re-dated; `mmPer15` replaces the recorded precipitation (all 0.0) when given. */
function forecastWithMinutely(mmPer15?: number[]): string {
  const body = JSON.parse(
    redateOpenMeteo(
      fixtureText("open-meteo/frenck-python-open-meteo_forecast.json"),
      Math.floor(now / HOUR) * HOUR - HOUR,
    ),
  );
  const m = fixtureJson("open-meteo/frenck-python-open-meteo_forecast_minutely_15.json");
  body.minutely_15 = { ...m.minutely_15, time: [1, 2, 3, 4].map((i) => local(q + i * STEP)) };
  if (mmPer15) body.minutely_15.precipitation = mmPer15;
  body.minutely_15_units = m.minutely_15_units;
  return JSON.stringify(body);
}

let t: TestDatabase;
let srv: FixtureServer;
beforeAll(async () => {
  t = await createTestDatabase();
  srv = await startFixtureServer();
  process.env.WEATHER_PROVIDER = "open-meteo";
  process.env.WEATHER_SUPPLEMENTS = "none";
  process.env.OPEN_METEO_BASE_URL = srv.baseUrl;
  resetEnvCache();
});
afterAll(async () => {
  for (const k of ["WEATHER_PROVIDER", "WEATHER_SUPPLEMENTS", "OPEN_METEO_BASE_URL"]) delete process.env[k];
  resetEnvCache();
  await srv.close();
  await t.close();
});

async function serveForecast(mmPer15?: number[]) {
  srv.serve("/v1/forecast", { body: forecastWithMinutely(mmPer15) });
  for (const use of ["current", "forecast"] as const)
    await getSnapshot({ ...POINT, environment: "production", use, forceRefresh: true });
}

describe("next-hour precipitation", () => {
  it("recorded minutely_15 (dry): 15-minute steps of the next 2 hours, a dry nowcast; the request asks for minutely_15", async () => {
    await serveForecast();
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline"]);
    const r = await call(current.GET, { path: `/v1/weather/current?lat=${POINT.lat}&lng=${POINT.lng}`, bearer: k });
    expect(r.status).toBe(200);
    expect(r.body.data.minutely).toEqual({
      step_minutes: 15,
      points: [0, 1, 2, 3].map((i) => ({ time: new Date(q + i * STEP).toISOString(), precipitation_mm_h: 0 })),
    });
    expect(r.body.data.nowcast).toBe("No precipitation expected in the next 2 hours.");
    expect(srv.requests.some((x) => x.startsWith("/v1/forecast?") && x.includes("minutely_15=precipitation"))).toBe(
      true,
    );
  });

  it("rain in the second and third steps: the nowcast line (en, it), and the timeline item starting then uses it", async () => {
    // Derived: precipitation 0.0, 0.3, 0.8, 0.0 mm per 15 min (recorded: all 0.0) -> 0, 1.2, 3.2, 0 mm/h.
    await serveForecast([0, 0.3, 0.8, 0]);
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline", "weather:route"]);
    const minutesAt = (ms: number) => Math.max(5, Math.round((q + STEP - ms) / 300_000) * 5);
    const before = minutesAt(Date.now());
    const r = await call(current.GET, { path: `/v1/weather/current?lat=${POINT.lat}&lng=${POINT.lng}`, bearer: k });
    const after = minutesAt(Date.now());
    expect(r.body.data.minutely.points.map((p: { precipitation_mm_h: number }) => p.precipitation_mm_h)).toEqual([
      0, 1.2, 3.2, 0,
    ]);
    const easing = DateTime.fromMillis(q + 3 * STEP, { zone: ZONE }).toFormat("HH:mm");
    // Minutes from now, rounded to 5: the clock may cross a rounding boundary during the request.
    expect([before, after].map((m) => `Rain starting in ~${m} min, easing by ${easing}.`)).toContain(
      r.body.data.nowcast,
    );
    const it_ = await call(current.GET, {
      path: `/v1/weather/current?lat=${POINT.lat}&lng=${POINT.lng}&language=it`,
      bearer: k,
    });
    expect(it_.body.data.nowcast).toContain(easing);
    expect(it_.body.data.nowcast).not.toBe(r.body.data.nowcast);
    expect(it_.headers.get("content-language")).toBe("it");

    const items = [
      {
        id: "soon",
        start: new Date(q + STEP).toISOString(),
        end: new Date(q + 3 * STEP).toISOString(),
        lat: POINT.lat,
        lng: POINT.lng,
        activity_type: "walking_tour",
      },
      {
        id: "later",
        start: new Date(q + 4 * HOUR).toISOString(),
        end: new Date(q + 5 * HOUR).toISOString(),
        lat: POINT.lat,
        lng: POINT.lng,
        activity_type: "walking_tour",
      },
    ];
    const tl = await call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body: { items } });
    expect(tl.status).toBe(200);
    const [soon, later] = tl.body.data.items;
    // The recorded hours are dry; the minutely steps say 3.2 mm/h (steady rain) for the item starting within 2 hours.
    expect(soon.weather.precipitation_intensity_mm_h).toBe(3.2);
    expect(soon.risk.reasons.map((x: { code: string }) => x.code)).toContain("moderate_rain");
    expect(later.risk.reasons.map((x: { code: string }) => x.code)).not.toContain("moderate_rain");
    // Past the minutely horizon only hours count (the recorded forecast has 3 of them): nothing borrowed from the steps.
    expect(later.weather.precipitation_intensity_mm_h).toBeNull();

    // A short cycling route leaving in the wet step: its segments judge the steps, not the dry hours.
    const rt = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: POINT,
        destination: { lat: POINT.lat + 0.01, lng: POINT.lng + 0.01 },
        transport_mode: "cycling",
        start_time: new Date(q + 2 * STEP).toISOString(),
      },
    });
    expect(rt.status).toBe(200);
    expect(rt.body.data.segments.length).toBeGreaterThan(0);
    for (const seg of rt.body.data.segments) {
      expect(seg.condition.precipitation_mm).toBe(3.2);
      expect(seg.risk.reasons.map((x: { code: string }) => x.code)).toContain("moderate_rain");
    }
  });

  it("OpenWeather: recorded minutely (1-minute steps, mm/h) is read; a body without it gives null", () => {
    const f = normalizeOneCall(fixtureJson("openweather/react-weather-app__onecall.json"), "metric", new Date());
    expect(f.minutely?.stepMinutes).toBe(1);
    expect(f.minutely?.points).toHaveLength(61);
    expect(f.minutely?.points[0]).toEqual({ time: new Date(1612298460 * 1000).toISOString(), precipitationMmH: 0 });
    expect(
      normalizeOneCall(fixtureJson("openweather/MagicMirror__weather_owm_onecall.json"), "metric", new Date()).minutely,
    ).toBeNull();
  });

  it("simulated provider and injections express it: injected rain shows step by step and in the nowcast", async () => {
    const u = await makeUser({ plan: "pro", environment: "sandbox" });
    const k = await u.key(["weather:read"]);
    const at = { lat: -33.9, lng: 18.4 };
    // Dry for the next 3 hours, then 6 mm/h from the third step for 30 minutes.
    await injectSimulatedWeather({
      ...at,
      kind: "custom",
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 3 * HOUR),
      params: { precipitation_mm_h: 0 },
    });
    const dry = await call(current.GET, { path: `/v1/weather/current?lat=${at.lat}&lng=${at.lng}`, bearer: k });
    expect(dry.status).toBe(200);
    expect(dry.body.data.minutely.step_minutes).toBe(15);
    expect(dry.body.data.nowcast).toBe("No precipitation expected in the next 2 hours.");
    const start = Math.floor(now / STEP) * STEP + 2 * STEP;
    await injectSimulatedWeather({
      ...at,
      kind: "custom",
      startsAt: new Date(start),
      endsAt: new Date(start + 2 * STEP),
      params: { precipitation_mm_h: 6 },
    });
    const wet = await call(current.GET, { path: `/v1/weather/current?lat=${at.lat}&lng=${at.lng}`, bearer: k });
    const pts = wet.body.data.minutely.points as Array<{ time: string; precipitation_mm_h: number }>;
    expect(pts.filter((p) => p.precipitation_mm_h === 6).map((p) => Date.parse(p.time))).toEqual([start, start + STEP]);
    expect(wet.body.data.nowcast).toMatch(/^Rain starting in ~\d+ min, easing by \d\d:\d\d\.$/);
  });
});
