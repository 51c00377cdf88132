import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { startFixtureServer, type FixtureServer } from "./testing/fixture-server";
import { fixtureText } from "./testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const current = await routeModule("/v1/weather/current");
const forecast = await routeModule("/v1/weather/forecast");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

securitySuite({
  name: "GET /v1/weather/current",
  handler: current.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:read"],
  plan: "pro",
  target: async () => ({ path: "/v1/weather/current?lat=48.85&lng=2.35" }),
});
securitySuite({
  name: "GET /v1/weather/forecast",
  handler: forecast.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:read"],
  plan: "pro",
  target: async () => ({ path: "/v1/weather/forecast?lat=48.85&lng=2.35" }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

async function key(environment: "production" | "sandbox" = "production") {
  return (await makeUser({ plan: "pro", environment })).key(["weather:read"]);
}

describe("GET /v1/weather/current", () => {
  it("returns the full field set in the {data, meta} envelope with cache headers", async () => {
    const k = await key();
    const res = await call(current.GET, {
      path: "/v1/weather/current?lat=48.8566&lng=2.3522&activity_type=hiking",
      bearer: k,
    });
    expect(res.status).toBe(200);
    const { data, meta } = res.body;
    expect(Object.keys(data).sort()).toEqual([
      "alerts",
      "attribution",
      "current",
      "fetched_at",
      "location",
      "minutely",
      "nowcast",
      "provider",
      "provider_version",
      "risk",
      "snapshot_id",
    ]);
    expect(data.location).toMatchObject({
      lat: 48.8566,
      lng: 2.3522,
      geohash: "u09tv",
      geohash_precision: 5,
      timezone: "Europe/Paris",
    });
    expect(Object.keys(data.current).sort()).toEqual(
      [
        "air_quality",
        "cloud_cover_pct",
        "condition",
        "feels_like",
        "humidity_pct",
        "observed_at",
        "precipitation_mm",
        "pressure_hpa",
        "sea_state",
        "temperature",
        "uv_index",
        "visibility_m",
        "wind",
      ].sort(),
    );
    expect(Object.keys(data.current.wind).sort()).toEqual(["direction_deg", "gust_ms", "speed_ms"]);
    expect(data.current.condition).toEqual({
      code: expect.any(String),
      label: expect.any(String),
      icon: expect.any(String),
    });
    expect(data.risk).toMatchObject({
      level: expect.stringMatching(/^(low|watch|warning)$/),
      reasons: expect.any(Array),
      activity_type: "hiking",
    });
    expect(data.provider).toBe("simulated");
    expect(data.attribution).toMatch(/simulated/i);
    expect(meta).toMatchObject({
      request_id: res.headers.get("x-request-id"),
      cache_status: "MISS",
      snapshot_id: data.snapshot_id,
      billing_units: 1,
      units: "metric",
      language: "en",
    });
    expect(data.snapshot_id).toMatch(UUID);
    expect(res.headers.get("x-cache-status")).toBe("MISS");
    expect(res.headers.get("x-weather-snapshot-id")).toBe(data.snapshot_id);

    const again = await call(current.GET, { path: "/v1/weather/current?lat=48.857&lng=2.353", bearer: k });
    expect(again.headers.get("x-cache-status")).toBe("HIT");
    expect(again.body.meta.snapshot_id).toBe(data.snapshot_id);
    expect(again.body.data.risk.activity_type).toBeNull();
  });

  it("units: imperial °F and standard K for unit-less temperatures; unit-named fields unchanged", async () => {
    const k = await key();
    const m = (await call(current.GET, { path: "/v1/weather/current?lat=40.7&lng=-74&units=metric", bearer: k })).body;
    const i = (await call(current.GET, { path: "/v1/weather/current?lat=40.7&lng=-74&units=imperial", bearer: k }))
      .body;
    const s = (await call(current.GET, { path: "/v1/weather/current?lat=40.7&lng=-74&units=standard", bearer: k }))
      .body;
    expect(i.data.current.temperature).toBeCloseTo((m.data.current.temperature * 9) / 5 + 32, 0);
    expect(s.data.current.temperature).toBeCloseTo(m.data.current.temperature + 273.15, 0);
    expect(i.data.current.wind).toEqual(m.data.current.wind);
    expect([m.meta.units, i.meta.units, s.meta.units]).toEqual(["metric", "imperial", "standard"]);
  });

  it("language: negotiated (exact, base, English); labels localised; meta.language and Content-Language report it", async () => {
    const k = await key();
    const want: Record<string, string> = {
      en: "en",
      "de-DE": "de",
      fr: "fr",
      "es-MX": "es",
      it: "it",
      "pt-BR": "pt-BR",
      "pt-PT": "pt-PT",
      pt: "pt-BR",
      "ja-JP": "ja",
      nl: "nl",
      sv: "en",
    };
    const labels: Record<string, string> = {};
    for (const lang of Object.keys(want)) {
      const r = await call(current.GET, {
        path: `/v1/weather/current?lat=52.52&lng=13.40&language=${lang}`,
        bearer: k,
      });
      labels[lang] = r.body.data.current.condition.label;
      expect(r.body.meta.language, lang).toBe(want[lang]);
      expect(r.headers.get("content-language"), lang).toBe(want[lang]);
    }
    expect(labels.sv).toBe(labels.en);
    expect(
      new Set([labels.en, labels["de-DE"], labels.fr, labels["es-MX"], labels.it, labels["ja-JP"], labels.nl]).size,
    ).toBe(7);
    const f = await call(forecast.GET, { path: "/v1/weather/forecast?lat=52.52&lng=13.40&language=nl-BE", bearer: k });
    expect(f.headers.get("content-language")).toBe("nl");
    const bad = await call(current.GET, { path: "/v1/weather/current?lat=91&lng=0&language=it", bearer: k });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-language")).toBe("en"); // error messages are English
  });

  it("400 bad_request for out-of-range or missing coordinates and bad language tags", async () => {
    const k = await key();
    for (const q of [
      "lat=91&lng=0",
      "lat=0&lng=-180.5",
      "lng=2",
      "lat=abc&lng=2",
      "lat=&lng=2",
      "lat=1&lng=2&units=kelvin",
      "lat=1&lng=2&language=!!",
    ]) {
      const r = await call(current.GET, { path: `/v1/weather/current?${q}`, bearer: k });
      expect(r.status, q).toBe(400);
      expect(r.body.error.code, q).toBe("bad_request");
      expect(r.body.error.message, q).toMatch(/lat|lng|units|language/);
      expect(r.body.meta.request_id).toBe(r.body.error.request_id);
    }
  });
});

describe("GET /v1/weather/forecast", () => {
  it("daily: default 7 days, one entry per local day with offset sunrise/sunset; bills 1", async () => {
    const k = await key();
    const r = await call(forecast.GET, { path: "/v1/weather/forecast?lat=-33.87&lng=151.21", bearer: k });
    expect(r.status).toBe(200);
    const { data, meta } = r.body;
    expect(data).toMatchObject({ granularity: "daily", days: 7, hourly: null, provider: "simulated" });
    expect(data.daily).toHaveLength(7);
    const d0 = data.daily[0];
    expect(Object.keys(d0).sort()).toEqual(
      [
        "cloud_cover_pct",
        "condition",
        "feels_like",
        "humidity_pct",
        "local_date",
        "precipitation_mm",
        "precipitation_probability_pct",
        "sunrise",
        "sunset",
        "temperature",
        "uv_index_max",
        "wind",
      ].sort(),
    );
    expect(d0.sunrise).toMatch(ISO_OFFSET);
    expect(d0.sunrise).toMatch(/\+1[01]:00$/); // Australia/Sydney
    expect(d0.sunrise.slice(0, 10)).toBe(d0.local_date);
    const dates = data.daily.map((d: { local_date: string }) => d.local_date);
    expect(new Set(dates).size).toBe(7);
    expect(meta).toMatchObject({ billing_units: 1, items_analyzed: 7, cache_status: "MISS" });
  });

  it("days are clamped to 1..8; hourly bills 2 and has the documented entry shape", async () => {
    const k = await key();
    expect(
      (await call(forecast.GET, { path: "/v1/weather/forecast?lat=1&lng=1&days=20", bearer: k })).body.data.daily,
    ).toHaveLength(8);
    expect(
      (await call(forecast.GET, { path: "/v1/weather/forecast?lat=1&lng=1&days=0", bearer: k })).body.data.days,
    ).toBe(1);
    expect((await call(forecast.GET, { path: "/v1/weather/forecast?lat=1&lng=1&days=2.5", bearer: k })).status).toBe(
      400,
    );
    const h = await call(forecast.GET, {
      path: "/v1/weather/forecast?lat=1&lng=1&days=2&granularity=hourly",
      bearer: k,
    });
    expect(h.body.meta.billing_units).toBe(2);
    expect(h.body.data.daily).toBeNull();
    expect(h.body.data.hourly.length).toBeGreaterThanOrEqual(47);
    expect(h.body.data.hourly.length).toBeLessThanOrEqual(48);
    expect(Object.keys(h.body.data.hourly[0]).sort()).toEqual(
      [
        "air_quality",
        "cloud_cover_pct",
        "condition",
        "feels_like",
        "humidity_pct",
        "is_day",
        "precipitation_mm",
        "precipitation_probability_pct",
        "sea_state",
        "temperature",
        "time",
        "uv_index",
        "visibility_m",
        "wind",
      ].sort(),
    );
    expect(
      (await call(forecast.GET, { path: "/v1/weather/forecast?lat=1&lng=1&granularity=weekly", bearer: k })).status,
    ).toBe(400);
  });
});

describe("open-meteo through the endpoints (recorded responses on a loopback server)", () => {
  let srv: FixtureServer;
  beforeAll(async () => {
    srv = await startFixtureServer();
    process.env.WEATHER_PROVIDER = "open-meteo";
    process.env.OPEN_METEO_BASE_URL = srv.baseUrl;
    // Generous while the fixture answers (it shares this loop with PGlite; a loaded machine is slow);
    // only the hang test shortens it, since a hang waits it out.
    process.env.WEATHER_PROVIDER_TIMEOUT_MS = "20000";
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.WEATHER_PROVIDER;
    delete process.env.OPEN_METEO_BASE_URL;
    delete process.env.WEATHER_PROVIDER_TIMEOUT_MS;
    resetEnvCache();
    await srv.close();
  });

  it("production accounts get open-meteo with its attribution; sandbox accounts stay simulated", async () => {
    srv.serve("/v1/forecast", { body: fixtureText("open-meteo/frenck-python-open-meteo_forecast.json") });
    const r = await call(forecast.GET, { path: "/v1/weather/forecast?lat=52.27&lng=6.87&days=3", bearer: await key() });
    expect(r.status).toBe(200);
    expect(r.body.data.provider).toBe("open-meteo");
    expect(r.body.data.attribution).toContain("Open-Meteo.com");
    const sb = await call(forecast.GET, {
      path: "/v1/weather/forecast?lat=52.27&lng=6.87&days=3",
      bearer: await key("sandbox"),
    });
    expect(sb.body.data.provider).toBe("simulated");
    expect(sb.body.meta.environment).toBe("sandbox");
    expect(r.body.meta.environment).toBe("production");
  });

  it("upstream 429 -> 502 provider_unavailable with the upstream reason; billed like success", async () => {
    srv.serve("/v1/forecast", {
      status: 429,
      body: JSON.stringify({ error: true, reason: "Too many concurrent requests" }),
    });
    const r = await call(current.GET, { path: "/v1/weather/current?lat=-10&lng=-50", bearer: await key() });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({
      code: "provider_unavailable",
      details: { provider: "open-meteo", upstream_status: 429, upstream_reason: "Too many concurrent requests" },
    });
  });

  it("upstream hang -> 504 weather_refresh_timeout", async () => {
    srv.serve("/v1/forecast", { body: "", hang: true });
    process.env.WEATHER_PROVIDER_TIMEOUT_MS = "300";
    resetEnvCache();
    const r = await call(current.GET, { path: "/v1/weather/current?lat=-11&lng=-51", bearer: await key() });
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe("weather_refresh_timeout");
    expect(r.body.error.details).toMatchObject({ timeout_ms: 300 });
  });
});
