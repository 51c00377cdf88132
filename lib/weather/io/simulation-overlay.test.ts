import { describe, expect, it } from "vitest";
import { simulateForecast, simulatedUv } from "./providers/simulated";
import { overlayHour } from "./simulation-overlay";
import { applySimulations, type StoredSimulation } from "./simulations";

const rome = { lat: 41.9, lng: 12.5 };
// Local solar noon in June: the sun is high.
const noon = Date.UTC(2026, 5, 21, 11);
const hour = simulateForecast(rome.lat, rome.lng, new Date(noon)).hourly.find((h) => Date.parse(h.time) === noon)!;

describe("injection overlay", () => {
  it("UV follows the sun and injected cloud unless given; explicit UV wins", () => {
    const clear = overlayHour(hour, "custom", { cloud_cover_pct: 0 }, rome);
    const overcast = overlayHour(hour, "custom", { cloud_cover_pct: 100 }, rome);
    expect(clear.uvIndex!).toBeGreaterThan(9); // clear June noon at 42° N: "very high"
    expect(overcast.uvIndex).toBeCloseTo(clear.uvIndex! * 0.4, 0);
    expect(overlayHour(hour, "custom", { cloud_cover_pct: 100, uv_index: 7 }, rome).uvIndex).toBe(7);
    expect(simulatedUv(new Date(Date.UTC(2026, 5, 21, 23)), rome.lat, rome.lng, 0)).toBe(0); // night
  });

  it("codes follow precipitation and cloud when not given (1/2/3 are not flattened to 0)", () => {
    expect(overlayHour(hour, "custom", { cloud_cover_pct: 60 }, rome).weatherCode).toBe(2);
    expect(overlayHour(hour, "custom", { cloud_cover_pct: 60, weather_code: 1 }, rome).weatherCode).toBe(1);
    expect(overlayHour(hour, "custom", { precipitation_mm_h: 2 }, rome).weatherCode).toBe(61);
    expect(overlayHour(hour, "custom", { precipitation_mm_h: 8 }, rome).weatherCode).toBe(65);
    expect(overlayHour(hour, "snow", { precipitation_mm_h: 8 }, rome).weatherCode).toBe(75);
  });

  it("feels-like follows temperature, humidity and wind (NWS) unless given", () => {
    expect(overlayHour(hour, "custom", { temperature_c: -10, wind_speed_ms: 20 / 3.6 }, rome).feelsLikeC).toBeCloseTo(
      -17.9,
      0,
    );
    expect(overlayHour(hour, "custom", { temperature_c: -10, feels_like_c: -12 }, rome).feelsLikeC).toBe(-12);
    expect(overlayHour(hour, "heat", {}, rome)).toMatchObject({ temperatureC: 41, feelsLikeC: 44 });
  });

  it("overlapping injections apply in creation order whatever order they are read in", () => {
    const f = simulateForecast(rome.lat, rome.lng, new Date(noon));
    const sim = (id: string, created: number, params: Record<string, number>): StoredSimulation => ({
      id,
      geohash: "sr2yk",
      kind: "custom",
      startsAt: new Date(noon).toISOString(),
      endsAt: new Date(noon + 3_600_000).toISOString(),
      params,
      createdAt: new Date(noon - created).toISOString(),
    });
    const older = sim("b", 2000, { precipitation_mm_h: 3, wind_speed_ms: 4 });
    const newer = sim("a", 1000, { precipitation_mm_h: 9 });
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const h = applySimulations(f, order, new Date(noon)).hourly.find((x) => Date.parse(x.time) === noon)!;
      expect(h).toMatchObject({ precipitationMm: 9, windSpeedMs: 4 });
    }
  });
});
