import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamError } from "@/lib/weather/testing/upstream-error";
import { fixtureFiles, fixtureJson, fixtureText } from "@/lib/weather/testing/fixtures";
import { startFixtureServer, type FixtureServer } from "@/lib/weather/testing/fixture-server";
import { openMeteoProvider } from "./open-meteo";

let srv: FixtureServer;
beforeAll(async () => {
  srv = await startFixtureServer();
});
afterAll(async () => srv.close());

const fetchFixture = async (rel: string) => {
  srv.serve("/v1/forecast", { body: fixtureText(rel) });
  // No timeout of its own: WEATHER_PROVIDER_TIMEOUT_MS, a minute under vitest (decision 0175).
  return openMeteoProvider({ baseUrl: srv.baseUrl }).fetchForecast({ lat: 52.27, lng: 6.87 });
};

describe("open-meteo adapter on recorded responses", () => {
  it("parses every recorded Open-Meteo response in test/fixtures", async () => {
    const files = fixtureFiles("open-meteo", ".json");
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const out = await fetchFixture(f);
      expect(out.provider, f).toBe("open-meteo");
      expect(out.attribution).toContain("Open-Meteo.com");
      expect(out.hourly.length + out.daily.length + (out.minutely?.points.length ?? 0), f).toBeGreaterThan(0);
      for (const h of out.hourly) expect(h.time).toMatch(/Z$/);
    }
  });

  it("minutely_15: sums over the 15 minutes before each label, read as steps starting 15 min earlier, mm/h, UTC", async () => {
    const out = await fetchFixture("open-meteo/frenck-python-open-meteo_forecast_minutely_15.json");
    // Recorded labels 12:30-13:15 Europe/Amsterdam (+02:00): steps from 10:15Z.
    expect(out.minutely).toEqual({
      stepMinutes: 15,
      points: ["10:15", "10:30", "10:45", "11:00"].map((hm) => ({
        time: `2026-10-03T${hm}:00.000Z`,
        precipitationMmH: 0,
      })),
    });
    const plain = await fetchFixture("open-meteo/frenck-python-open-meteo_forecast.json");
    expect(plain.minutely).toBeNull();
  });

  it("full response: local times to UTC with the zone, km/h to m/s, current block", async () => {
    const out = await fetchFixture("open-meteo/frenck-python-open-meteo_forecast.json");
    expect(out.timezone).toBe("Europe/Amsterdam");
    expect(out.current.observedAt).toBe("2026-10-03T10:30:00Z");
    expect(out.current.temperatureC).toBe(17.7);
    expect(out.current.windSpeedMs).toBeCloseTo(1.0, 5);
    expect(out.current.windGustMs).toBeCloseTo(11.9 / 3.6, 5);
    expect(out.current.visibilityM).toBe(36080);
    expect(out.current.pressureHpa).toBe(1030.4);
    expect(out.current.weatherCode).toBe(2);
    expect(out.current.isDay).toBe(true);
    expect(out.hourly[0].time).toBe("2026-10-02T22:00:00Z");
    expect(out.daily.map((d) => d.date)).toEqual(["2026-10-03", "2026-10-04", "2026-10-05"]);
    expect(out.daily[0].sunset).toBe("2026-10-03T17:05:00Z");
    expect(out.daily[2].windGustMs).toBeCloseTo(25.2 / 3.6, 5);
    expect(out.daily[1].precipitationProbabilityPct).toBe(8);
    expect(out.daily[1].weatherCode).toBe(45);
    expect(out.alerts).toEqual([]);
  });

  it("nulls at the horizon stay null while is_day and sunrise are kept", async () => {
    const out = await fetchFixture("open-meteo/frenck-python-open-meteo_forecast_16_days.json");
    expect(out.hourly).toHaveLength(4);
    expect(out.hourly.every((h) => h.temperatureC === null && h.weatherCode === null && h.isDay === false)).toBe(true);
    expect(out.daily[1]).toMatchObject({
      date: "2026-10-18",
      temperatureMaxC: null,
      weatherCode: null,
      sunrise: "2026-10-18T06:02:00Z",
    });
    expect(out.daily[0].temperatureMaxC).toBe(18.3);
  });

  it("DST offsets: America/New_York in summer time is UTC-4", async () => {
    const out = await fetchFixture("open-meteo/frenck-python-open-meteo_forecast_precipitation_probabilities.json");
    expect(out.hourly).toHaveLength(24);
    expect(out.hourly[0].time).toBe("2026-10-05T04:00:00Z");
    expect(out.hourly[23].time).toBe("2026-10-06T03:00:00Z");
    // Only per-type probabilities were requested: the rain probability stands in. It is for the
    // preceding hour, so the row starting 04:00Z carries the value labelled 05:00Z (3, not 24).
    expect(out.hourly[0].precipitationProbabilityPct).toBe(3);
    expect(out.hourly[23].precipitationProbabilityPct).toBeNull();
  });

  it("wire-format daily response (GMT, fixed decimals)", async () => {
    const out = await fetchFixture("open-meteo/janelletavares-forecast-aggregator_daily_berlin.json");
    expect(out.timezone).toBe("GMT");
    expect(out.daily).toHaveLength(
      fixtureJson("open-meteo/janelletavares-forecast-aggregator_daily_berlin.json").daily.time.length,
    );
    expect(out.daily[0]).toMatchObject({
      date: "2026-02-18",
      temperatureMinC: -3.7,
      temperatureMaxC: -0.6,
      uvIndexMax: 2.3,
      humidityPct: 76,
      precipitationProbabilityPct: 3,
    });
    expect(out.daily[1].windSpeedMs).toBeCloseTo(12.5 / 3.6, 5);
    expect(out.hourly).toEqual([]);
  });

  it("legacy variable names (weathercode, windspeed_10m, windgusts_10m_max, cloudcover)", async () => {
    const j = fixtureJson("open-meteo/frenck-python-open-meteo_forecast.json");
    const rename = (o: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k
            .replace("weather_code", "weathercode")
            .replace("wind_speed", "windspeed")
            .replace("wind_gusts", "windgusts")
            .replace("cloud_cover", "cloudcover"),
          v,
        ]),
      );
    const legacy = {
      ...j,
      hourly: rename(j.hourly),
      hourly_units: rename(j.hourly_units),
      daily: rename(j.daily),
      daily_units: rename(j.daily_units),
      current: rename(j.current),
      current_units: rename(j.current_units),
    };
    srv.serve("/v1/forecast", { body: JSON.stringify(legacy) });
    const out = await openMeteoProvider({ baseUrl: srv.baseUrl }).fetchForecast({ lat: 52.27, lng: 6.87 });
    expect(out.current.weatherCode).toBe(2);
    expect(out.current.windSpeedMs).toBeCloseTo(1.0, 5);
    expect(out.daily[2].windGustMs).toBeCloseTo(25.2 / 3.6, 5);
    expect(out.hourly[1].cloudCoverPct).toBe(48);
  });

  it("requests SI wind units, auto time zone and 8 days", async () => {
    await fetchFixture("open-meteo/frenck-python-open-meteo_forecast.json");
    const q = new URLSearchParams(srv.requests.at(-1)!.split("?")[1]);
    expect(q.get("wind_speed_unit")).toBe("ms");
    expect(q.get("timezone")).toBe("auto");
    expect(q.get("forecast_days")).toBe("8");
  });

  it("upstream 400 {error, reason} -> 502 provider_unavailable with the reason", async () => {
    srv.serve("/v1/forecast", {
      status: 400,
      body: JSON.stringify({ error: true, reason: "Latitude must be in range of -90 to 90°. Given: 91.0." }),
    });
    const err = await upstreamError(openMeteoProvider({ baseUrl: srv.baseUrl }).fetchForecast({ lat: 1, lng: 1 }));
    expect(err.status).toBe(502);
    expect(err.code).toBe("provider_unavailable");
    expect(err.details).toMatchObject({
      provider: "open-meteo",
      upstream_status: 400,
      upstream_reason: "Latitude must be in range of -90 to 90°. Given: 91.0.",
    });
  });

  it("upstream 429 and 5xx (non-JSON) -> 502; a hang -> 504 weather_refresh_timeout", async () => {
    srv.serve("/v1/forecast", {
      status: 429,
      body: JSON.stringify({ error: true, reason: "Daily API request limit exceeded. Please try again tomorrow." }),
    });
    const e429 = await upstreamError(openMeteoProvider({ baseUrl: srv.baseUrl }).fetchForecast({ lat: 1, lng: 1 }));
    expect(e429.status).toBe(502);
    expect(e429.details).toMatchObject({
      upstream_status: 429,
      upstream_reason: "Daily API request limit exceeded. Please try again tomorrow.",
    });

    srv.serve("/v1/forecast", {
      status: 503,
      body: "<html>Service Unavailable</html>",
      headers: { "content-type": "text/html" },
    });
    const e503 = await upstreamError(openMeteoProvider({ baseUrl: srv.baseUrl }).fetchForecast({ lat: 1, lng: 1 }));
    expect(e503.status).toBe(502);
    expect(e503.details).toMatchObject({ upstream_status: 503, upstream_reason: "<html>Service Unavailable</html>" });

    srv.serve("/v1/forecast", { body: "", hang: true });
    const slow = await upstreamError(
      openMeteoProvider({ baseUrl: srv.baseUrl, timeoutMs: 150 }).fetchForecast({ lat: 1, lng: 1 }),
    );
    expect(slow.status).toBe(504);
    expect(slow.code).toBe("weather_refresh_timeout");
  });
});
