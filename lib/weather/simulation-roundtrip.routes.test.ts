import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { weatherCommands } from "@/scripts/admin/weather";
import { conditionFor } from "./core/i18n/conditions";
import { routeModule } from "@/lib/testing/route-registry";

const simulations = await routeModule("/v1/weather/simulations");
const current = await routeModule("/v1/weather/current");
const forecast = await routeModule("/v1/weather/forecast");
const timeline = await routeModule("/v1/weather/timeline");
const route = await routeModule("/v1/weather/route");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const hourStart = () => Math.floor(Date.now() / HOUR) * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

async function sandboxKey() {
  const u = await makeUser({ plan: "pro", environment: "sandbox" });
  return u.key(["weather:read", "weather:timeline", "weather:route"]);
}

async function inject(k: string, body: Record<string, unknown>) {
  const r = await call(simulations.POST, { method: "POST", path: "/v1/weather/simulations", bearer: k, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

const ALL = {
  temperature_c: 12.3,
  feels_like_c: 9.8,
  humidity_pct: 67,
  pressure_hpa: 1002,
  precipitation_mm_h: 1.7,
  precipitation_probability: 42,
  weather_code: 2,
  wind_speed_ms: 7.4,
  wind_gust_ms: 13.1,
  wind_direction_deg: 215,
  cloud_cover_pct: 55,
  visibility_m: 7300,
  uv_index: 4.2,
  alert_event: "Test Wind Advisory",
  severity: "moderate",
};

describe("every injectable field round-trips through the API", () => {
  it("current, hourly forecast and timeline weather show exactly the injected values", async () => {
    const k = await sandboxKey();
    const p = { lat: 45.4642, lng: 9.19 };
    const h0 = hourStart();
    await inject(k, { ...p, starts_at: iso(h0 - HOUR), ends_at: iso(h0 + 6 * HOUR), params: ALL });

    const cur = await call(current.GET, { path: `/v1/weather/current?lat=${p.lat}&lng=${p.lng}`, bearer: k });
    expect(cur.status).toBe(200);
    expect(cur.body.data.current).toMatchObject({
      temperature: ALL.temperature_c,
      feels_like: ALL.feels_like_c,
      humidity_pct: ALL.humidity_pct,
      pressure_hpa: ALL.pressure_hpa,
      wind: { speed_ms: ALL.wind_speed_ms, gust_ms: ALL.wind_gust_ms, direction_deg: ALL.wind_direction_deg },
      cloud_cover_pct: ALL.cloud_cover_pct,
      visibility_m: ALL.visibility_m,
      uv_index: ALL.uv_index,
      precipitation_mm: ALL.precipitation_mm_h,
      condition: { code: conditionFor(ALL.weather_code, "en").code },
    });
    expect(cur.body.data.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: ALL.alert_event, severity: ALL.severity })]),
    );

    const fc = await call(forecast.GET, {
      path: `/v1/weather/forecast?lat=${p.lat}&lng=${p.lng}&granularity=hourly&days=1`,
      bearer: k,
    });
    expect(fc.status).toBe(200);
    expect(fc.body.data.hourly[1]).toMatchObject({
      temperature: ALL.temperature_c,
      feels_like: ALL.feels_like_c,
      humidity_pct: ALL.humidity_pct,
      wind: { speed_ms: ALL.wind_speed_ms, gust_ms: ALL.wind_gust_ms, direction_deg: ALL.wind_direction_deg },
      cloud_cover_pct: ALL.cloud_cover_pct,
      visibility_m: ALL.visibility_m,
      uv_index: ALL.uv_index,
      precipitation_mm: ALL.precipitation_mm_h,
      precipitation_probability_pct: ALL.precipitation_probability,
      condition: { code: conditionFor(ALL.weather_code, "en").code },
    });

    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: { items: [{ ...p, start: iso(h0 + HOUR), end: iso(h0 + 2 * HOUR), activity_type: "sightseeing" }] },
    });
    expect(tl.status).toBe(200);
    expect(tl.body.data.items[0].weather).toMatchObject({
      temperature_c: ALL.temperature_c,
      feels_like_c: ALL.feels_like_c,
      condition: conditionFor(ALL.weather_code, "en").label,
      precipitation_probability: ALL.precipitation_probability,
      precipitation_intensity_mm_h: ALL.precipitation_mm_h,
      wind_speed_kph: Math.round(ALL.wind_speed_ms * 36) / 10,
      wind_gust_kph: Math.round(ALL.wind_gust_ms * 36) / 10,
      uv_index: ALL.uv_index,
    });
    // The moderate alert is a watch for an outdoor plan.
    expect(tl.body.data.items[0].risk.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "weather_alert", level: "watch" })]),
    );
  });

  it("explicit values override the kind's preset field by field", async () => {
    const k = await sandboxKey();
    const p = { lat: 40.4168, lng: -3.7038 };
    const h0 = hourStart();
    await inject(k, {
      ...p,
      kind: "heavy_rain",
      starts_at: iso(h0),
      ends_at: iso(h0 + 3 * HOUR),
      params: { precipitation_probability: 55, visibility_m: 9000, weather_code: 82 },
    });
    const fc = await call(forecast.GET, {
      path: `/v1/weather/forecast?lat=${p.lat}&lng=${p.lng}&granularity=hourly&days=1`,
      bearer: k,
    });
    expect(fc.body.data.hourly[1]).toMatchObject({
      precipitation_mm: 12, // preset
      precipitation_probability_pct: 55,
      visibility_m: 9000,
      cloud_cover_pct: 100, // preset
      condition: { code: "rain_showers_violent" },
    });
  });

  it("overlapping injections: the latest created wins per field, earlier ones keep the rest", async () => {
    const k = await sandboxKey();
    const p = { lat: 52.52, lng: 13.405 };
    const h0 = hourStart();
    await inject(k, {
      ...p,
      kind: "rain",
      starts_at: iso(h0),
      ends_at: iso(h0 + 4 * HOUR),
      params: { precipitation_mm_h: 3 },
    });
    await inject(k, {
      ...p,
      starts_at: iso(h0 + HOUR),
      ends_at: iso(h0 + 2 * HOUR),
      params: { precipitation_mm_h: 9, wind_speed_ms: 5 },
    });
    await inject(k, { ...p, starts_at: iso(h0), ends_at: iso(h0 + 4 * HOUR), params: { precipitation_mm_h: 1 } });
    const fc = await call(forecast.GET, {
      path: `/v1/weather/forecast?lat=${p.lat}&lng=${p.lng}&granularity=hourly&days=1`,
      bearer: k,
    });
    const [, h1, h2] = fc.body.data.hourly;
    expect(h1).toMatchObject({ precipitation_mm: 1, precipitation_probability_pct: 85, wind: { speed_ms: 5 } });
    expect(h2).toMatchObject({ precipitation_mm: 1, precipitation_probability_pct: 85 });
  });

  it("bad values are 400 with the field; the admin CLI uses the same schema", async () => {
    const k = await sandboxKey();
    const p = { lat: 48.2, lng: 16.37 };
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ params: { uv_index: 25 } }, "params.uv_index"],
      [{ params: { weather_code: 42 } }, "params.weather_code"],
      [{ params: { humidity: 50 } }, "params"],
      [{ kind: "custom" }, "params"],
      [{}, "params"],
    ];
    for (const [over, field] of bad) {
      const r = await call(simulations.POST, {
        method: "POST",
        path: "/v1/weather/simulations",
        bearer: k,
        body: { ...p, ...over },
      });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(r.body.error)).toContain(field);
    }
    const cli = weatherCommands["inject-weather"];
    await expect(cli.run(cli.flags.parse({ lat: "48.2", lng: "16.37", params: '{"uv_index": 25}' }))).rejects.toThrow(
      /uv_index/,
    );
    const ok = await cli.run(
      cli.flags.parse({ lat: "48.2", lng: "16.37", params: '{"uv_index": 9, "cloud_cover_pct": 0}' }),
    );
    expect(ok).toMatchObject({ kind: "custom", params: { uv_index: 9, cloud_cover_pct: 0 } });
  });
});

describe("acceptance: 2 mm/h rain at -1 °C", () => {
  it("driving, walking and cycling get a warning with freezing_rain (timeline and route)", async () => {
    const k = await sandboxKey();
    const p = { lat: 46.948, lng: 7.4474 };
    const h0 = hourStart();
    await inject(k, {
      ...p,
      kind: "rain",
      starts_at: iso(h0 - HOUR),
      ends_at: iso(h0 + 6 * HOUR),
      params: { precipitation_mm_h: 2, temperature_c: -1 },
    });
    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: {
        items: ["driving", "walking", "cycling"].map((a) => ({
          id: a,
          ...p,
          start: iso(h0 + HOUR),
          end: iso(h0 + 2 * HOUR),
          activity_type: a,
        })),
      },
    });
    expect(tl.status).toBe(200);
    for (const item of tl.body.data.items) {
      expect(item.weather).toMatchObject({
        temperature_c: -1,
        precipitation_intensity_mm_h: 2,
        condition: "Moderate rain",
      });
      expect(item.risk.level, item.id).toBe("warning");
      expect(item.risk.reasons[0]).toMatchObject({ code: "freezing_rain", level: "warning" });
    }
    for (const mode of ["car", "walking", "cycling"]) {
      const r = await call(route.POST, {
        method: "POST",
        path: "/v1/weather/route",
        bearer: k,
        body: {
          origin: p,
          destination: { lat: p.lat + 0.005, lng: p.lng },
          transport_mode: mode,
          start_time: iso(h0 + HOUR),
        },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.overall_risk, mode).toMatchObject({ level: "warning", main_issue: "freezing_rain" });
    }
  });
});

describe("localised advice through the API", () => {
  it("language=de|fr|es: reasons and recommendation in that language, values in the requested units; meta.language says so", async () => {
    const k = await sandboxKey();
    const p = { lat: 47.3769, lng: 8.5417 };
    const h0 = hourStart();
    // Mild and dry as well: the simulated baseline of a Zurich night can be below freezing, and ice
    // would then lead the advice (the test failed at 00:02 UTC in November).
    const params = { wind_gust_ms: 30, wind_speed_ms: 19, temperature_c: 12, feels_like_c: 10, precipitation_mm_h: 0 };
    await inject(k, { ...p, kind: "gusts", starts_at: iso(h0 - HOUR), ends_at: iso(h0 + 6 * HOUR), params });
    const want = {
      de: { msg: /Starke Böen erwartet \(bis 67 mi\/h\)/, rec: /starkem Wind/ },
      fr: { msg: /Fortes rafales prévues \(jusqu’à 67\s?mi\/h\)/, rec: /vent fort/ },
      es: { msg: /Se esperan rachas fuertes \(hasta 67 mi\/h\)/, rec: /viento fuerte/ },
    } as const;
    for (const lang of ["de", "fr", "es"] as const) {
      const r = await call(route.POST, {
        method: "POST",
        path: "/v1/weather/route",
        bearer: k,
        body: {
          origin: p,
          destination: { lat: p.lat + 0.004, lng: p.lng },
          transport_mode: "cycling",
          start_time: iso(h0 + HOUR),
          language: `${lang}-XX`,
          units: "imperial",
        },
      });
      expect(r.status).toBe(200);
      expect(r.body.meta).toMatchObject({ language: lang, units: "imperial" });
      const gusts = r.body.data.overall_risk.reasons.find((x: { code: string }) => x.code === "strong_gusts");
      expect(gusts.message).toMatch(want[lang].msg);
      expect(r.body.data.overall_risk.recommendation).toMatch(want[lang].rec);
      expect(r.body.data.overall_risk.recommendation).not.toMatch(/\b(the|and|gusts|expected)\b/i);
    }
    const en = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: { language: "en", items: [{ ...p, start: iso(h0 + HOUR), activity_type: "cycling" }] },
    });
    expect(en.body.data.items[0].risk.reasons.map((x: { message: string }) => x.message)).toContain(
      "Strong gusts expected (up to 108 km/h).",
    );
  });
});

describe("ferry vessel option", () => {
  it("small craft get a warning where a large ferry gets a watch; vessel is ferry-only on routes", async () => {
    const k = await sandboxKey();
    const p = { lat: 43.2965, lng: 5.3698 };
    const h0 = hourStart();
    // 12 m/s: above the NWS Small Craft Advisory (22 kt), below a gale (34 kt).
    await inject(k, {
      ...p,
      kind: "custom",
      starts_at: iso(h0 - HOUR),
      ends_at: iso(h0 + 6 * HOUR),
      params: { wind_speed_ms: 12, wind_gust_ms: 14 },
    });
    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: {
        items: [
          { id: "large", ...p, start: iso(h0 + HOUR), activity_type: "ferry" },
          { id: "small", ...p, start: iso(h0 + HOUR), activity_type: "ferry", vessel: "small" },
        ],
      },
    });
    expect(tl.status).toBe(200);
    const [large, small] = tl.body.data.items;
    expect(large.risk.level).toBe("watch");
    expect(large.risk.reasons[0]).toMatchObject({ code: "strong_wind", level: "watch" });
    expect(small.risk.level).toBe("warning");
    expect(small.risk.reasons[0]).toMatchObject({ code: "strong_wind", level: "warning" });
    expect(small.risk.recommendation).toMatch(/sailings/i);
    const body = { origin: p, destination: { lat: p.lat + 0.004, lng: p.lng }, start_time: iso(h0 + HOUR) };
    const ferry = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: { ...body, transport_mode: "ferry", vessel: "small" },
    });
    expect(ferry.body.data).toMatchObject({ vessel: "small", overall_risk: { level: "warning" } });
    const dflt = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: { ...body, transport_mode: "ferry" },
    });
    expect(dflt.body.data).toMatchObject({ vessel: "large", overall_risk: { level: "watch" } });
    const bad = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: { ...body, transport_mode: "car", vessel: "small" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "route_invalid",
      details: { issues: [expect.objectContaining({ path: "vessel" })] },
    });
  });
});
