import { describe, expect, it } from "vitest";
import { evaluateWindow } from "./evaluate-window";
import { formatTemperature } from "./i18n/advice";
import { currentOut, hourlyOut } from "./present";
import { windChillC } from "./risk/derived";
import type { HourlyPoint, NormalizedForecast } from "./types";

const T0 = Date.UTC(2026, 0, 10, 6);
// A provider that sends no feels-like: -12 °C in a 30 km/h wind.
const hour = (i: number): HourlyPoint => ({
  time: new Date(T0 + i * 3_600_000).toISOString(),
  temperatureC: -12,
  feelsLikeC: null,
  humidityPct: 70,
  windSpeedMs: 30 / 3.6,
  windGustMs: 12,
  windDirectionDeg: 0,
  cloudCoverPct: 50,
  visibilityM: 10000,
  uvIndex: 0,
  precipitationMm: 0,
  precipitationProbabilityPct: 0,
  weatherCode: 2,
  isDay: true,
});
const hourly = [0, 1, 2, 3].map(hour);
const forecast: NormalizedForecast = {
  provider: "openweather",
  providerVersion: "test",
  attribution: "test",
  fetchedAt: new Date(T0).toISOString(),
  lat: 60,
  lng: 10,
  timezone: "UTC",
  current: { ...hourly[0], observedAt: hourly[0].time, pressureHpa: 1010 },
  hourly,
  daily: [],
  alerts: [],
};

describe("issue 31: a derived feels-like is reported where risk used it", () => {
  it("timeline metrics, current and hourly fields carry the NWS wind chill the cold message quotes", () => {
    const chill = windChillC(-12, 30 / 3.6)!;
    expect(chill).toBeLessThan(-20);
    const { metrics, risk } = evaluateWindow(forecast, {
      startMs: T0,
      endMs: T0 + 3 * 3_600_000,
      activityType: "hiking",
    });
    expect(metrics.feels_like_c).toBeCloseTo(chill, 1);
    const cold = risk.reasons.find((r) => r.code === "cold");
    expect(cold?.message).toBe(
      `Severe cold: it will feel like ${formatTemperature(chill, { language: "en", units: "metric" })}.`,
    );
    expect(currentOut(forecast.current, "metric", "en").feels_like).toBeCloseTo(chill, 1);
    expect(hourlyOut(hourly[1], "UTC", "metric", "en").feels_like).toBeCloseTo(chill, 1);
    expect(currentOut(forecast.current, "imperial", "en").feels_like).toBeCloseTo((chill * 9) / 5 + 32, 0);
  });

  it("a provider's own feels-like is reported unchanged", () => {
    const sent = { ...forecast.current, feelsLikeC: -15 };
    expect(currentOut(sent, "metric", "en").feels_like).toBe(-15);
  });
});
