import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamError } from "@/lib/weather/testing/upstream-error";
import { cassette, fixtureFiles, fixtureText } from "@/lib/weather/testing/fixtures";
import { startFixtureServer, type FixtureServer } from "@/lib/weather/testing/fixture-server";
import { fetchNwsAlerts } from "@/lib/weather/io/alerts/nws";
import { openWeatherProvider, type OwmUnits } from "./openweather";

let srv: FixtureServer;
beforeAll(async () => {
  srv = await startFixtureServer();
});
afterAll(async () => srv.close());

/** Units each recorded body was requested in (README of the fixtures). */
const UNITS: Record<string, OwmUnits> = {
  "openweather/MagicMirror__weather_owm_onecall.json": "metric",
  "openweather/weather-forecast__onecall.json": "metric",
  "openweather/react-weather-app__onecall.json": "imperial",
  "openweather/extracted-from-cassettes/onecall_phoenix_alerts_standard.body.json": "standard",
};

// Without a timeout the provider takes WEATHER_PROVIDER_TIMEOUT_MS, a minute under vitest (decision 0175):
// the fixture server shares this worker's event loop, which can stop for seconds on a loaded machine.
const provider = (units: OwmUnits = "metric", timeoutMs?: number) =>
  openWeatherProvider({ baseUrl: srv.baseUrl, apiKey: "test-key", units, timeoutMs });

async function fetchBody(body: string, units: OwmUnits, status = 200) {
  srv.serve("/data/3.0/onecall", { status, body });
  return provider(units).fetchForecast({ lat: 40.7, lng: -74 });
}

describe("openweather One Call adapter on recorded responses", () => {
  it("parses every recorded One Call body (48 h hourly, 8 days, SI units)", async () => {
    const bodies = [
      ...fixtureFiles("openweather", ".json"),
      ...fixtureFiles("openweather/extracted-from-cassettes", ".body.json"),
    ].filter((f) => !f.includes("error_"));
    expect(bodies.length).toBe(4);
    for (const f of bodies) {
      const out = await fetchBody(fixtureText(f), UNITS[f]);
      expect(out.provider, f).toBe("openweather");
      expect(out.hourly, f).toHaveLength(48);
      expect(out.daily, f).toHaveLength(8);
      // Plausible Celsius whatever the recorded unit system.
      expect(out.current.temperatureC!, f).toBeGreaterThan(-40);
      expect(out.current.temperatureC!, f).toBeLessThan(50);
    }
  });

  it("metric 3.0 (daily summary optional), snow in hourly, local dates", async () => {
    const out = await fetchBody(fixtureText("openweather/MagicMirror__weather_owm_onecall.json"), "metric");
    expect(out.timezone).toBe("America/New_York");
    expect(out.current.temperatureC).toBe(-0.27);
    expect(out.current.windSpeedMs).toBe(3.09);
    expect(out.current.weatherCode).toBe(3);
    expect(out.daily[0].date).toBe("2026-02-06");
    expect(out.daily[0].precipitationProbabilityPct).toBe(100);
    const snowy = out.hourly.find((h) => h.time === new Date(1770422400 * 1000).toISOString())!;
    expect(snowy.precipitationMm).toBe(0.13);
    expect(snowy.weatherCode).toBe(71);
    expect(snowy.precipitationProbabilityPct).toBe(20);
    expect(out.alerts).toEqual([]);
  });

  it("imperial body converted to °C and m/s", async () => {
    const out = await fetchBody(fixtureText("openweather/react-weather-app__onecall.json"), "imperial");
    expect(out.current.temperatureC).toBeCloseTo(((54.59 - 32) * 5) / 9, 1);
    expect(out.current.windSpeedMs).toBeCloseTo(5.75 * 0.44704, 1);
    expect(out.daily[0].temperatureMaxC).toBeCloseTo(((54.59 - 32) * 5) / 9, 1);
  });

  it("standard (Kelvin) VCR cassette replayed with its recorded status: alert kept", async () => {
    const [rec] = cassette("openweather/open-weather-ruby-client__one_call__lat_lon.yml");
    expect(rec.status).toBe(200);
    expect(rec.body).toBe(
      fixtureText("openweather/extracted-from-cassettes/onecall_phoenix_alerts_standard.body.json"),
    );
    const out = await fetchBody(rec.body, "standard", rec.status);
    expect(out.timezone).toBe("America/Phoenix");
    expect(out.current.temperatureC).toBeCloseTo(16.05, 2);
    expect(out.alerts).toHaveLength(1);
    expect(out.alerts[0]).toMatchObject({
      event: "Air Quality Alert",
      severity: "minor",
      source: "NWS Phoenix (Central Arizona and California Desert)",
      starts: new Date(1703871060 * 1000).toISOString(),
    });
  });

  it("alerts with an empty tags list get a severity from the product name", async () => {
    const out = await fetchBody(fixtureText("openweather/weather-forecast__onecall.json"), "metric");
    expect(out.alerts[0]).toMatchObject({
      event: "Winter Weather Advisory",
      severity: "minor",
      ends: new Date(1645725600 * 1000).toISOString(),
    });
  });

  it("recorded 401 (cod as a number) and 400 (cod as a string) -> 502 with the upstream reason", async () => {
    const [denied] = cassette("openweather/open-weather-ruby-client__errors__access_denied.yml");
    const e401 = await upstreamError(fetchBody(denied.body, "metric", denied.status));
    expect(e401.status).toBe(502);
    expect(e401.code).toBe("provider_unavailable");
    expect(e401.details).toMatchObject({ provider: "openweather", upstream_status: 401 });
    expect((e401.details as { upstream_reason: string }).upstream_reason).toMatch(/^Invalid API key/);
    expect(JSON.stringify(e401.details)).not.toContain("test-key");

    const [range] = cassette("openweather/open-weather-ruby-client__one_call__error_out_of_range.yml");
    const e400 = await upstreamError(fetchBody(range.body, "metric", range.status));
    expect(e400.details).toMatchObject({
      upstream_status: 400,
      upstream_reason: "requested time is out of allowed range of 5 days back",
    });

    for (const f of fixtureFiles("openweather/extracted-from-cassettes", ".json").filter((x) => x.includes("error_"))) {
      const status = Number(/error_(\d{3})/.exec(f)![1]);
      const e = await upstreamError(fetchBody(fixtureText(f), "metric", status));
      expect(e.status, f).toBe(502);
    }
  });

  it("429 -> 502 with reason; missing key -> 502 without calling upstream; hang -> 504", async () => {
    const e429 = await upstreamError(
      fetchBody(
        JSON.stringify({
          cod: 429,
          message: "Your account is temporary blocked due to exceeding of requests limitation",
        }),
        "metric",
        429,
      ),
    );
    expect(e429.details).toMatchObject({
      upstream_status: 429,
      upstream_reason: "Your account is temporary blocked due to exceeding of requests limitation",
    });

    const before = srv.requests.length;
    const noKey = await upstreamError(
      openWeatherProvider({ baseUrl: srv.baseUrl, apiKey: "" }).fetchForecast({ lat: 1, lng: 1 }),
    );
    expect(noKey.status).toBe(502);
    expect(srv.requests.length).toBe(before);

    srv.serve("/data/3.0/onecall", { body: "", hang: true });
    const slow = await upstreamError(provider("metric", 150).fetchForecast({ lat: 1, lng: 1 }));
    expect(slow.code).toBe("weather_refresh_timeout");
  });
});

describe("NWS alert source on recorded responses", () => {
  it("point query: severities, offsets to UTC, null ends falls back to expires", async () => {
    srv.serve("/alerts/active", { body: fixtureText("nws/nws_alerts__api.json") });
    const alerts = await fetchNwsAlerts(33.25, -112.3, { baseUrl: srv.baseUrl });
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({
      event: "Excessive Heat Warning",
      severity: "severe",
      starts: "2024-07-19T17:00:00.000Z",
      ends: "2024-07-21T03:00:00.000Z",
      source: "NWS Phoenix AZ",
    });
    expect(alerts[1]).toMatchObject({
      event: "Air Quality Alert",
      severity: "unknown",
      ends: "2024-07-20T04:00:00.000Z",
    });
  });

  it("zone query (older id format)", async () => {
    srv.serve("/alerts/active", { body: fixtureText("nws/pynws__alerts_active_zone.json") });
    const alerts = await fetchNwsAlerts(45.5, -122.6, { baseUrl: srv.baseUrl });
    expect(alerts).toEqual([
      expect.objectContaining({
        id: "NWS-IDP-PROD-3965873-3369046",
        event: "Flood Watch",
        severity: "severe",
        starts: "2019-12-20T21:34:00.000Z",
        ends: "2019-12-22T18:00:00.000Z",
      }),
    ]);
  });

  it("an unavailable alert source yields no alerts rather than an error", async () => {
    srv.serve("/alerts/active", { status: 500, body: "{}" });
    expect(await fetchNwsAlerts(33, -112, { baseUrl: srv.baseUrl })).toEqual([]);
  });
});
