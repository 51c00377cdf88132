import { describe, expect, it } from "vitest";
import { clearSkyUv, simulateForecast, simulatedUv } from "./simulated";

describe("simulated provider", () => {
  const now = new Date("2026-07-01T10:17:00Z");

  it("is deterministic per (cell, hour) and labelled as simulated", () => {
    const a = simulateForecast(48.8566, 2.3522, now);
    const b = simulateForecast(48.857, 2.353, new Date("2026-07-01T11:59:00Z"));
    expect(a.provider).toBe("simulated");
    expect(a.attribution).toMatch(/SIMULATED/);
    const common = a.hourly.find((h) => h.time === "2026-07-03T12:00:00.000Z")!;
    expect(b.hourly.find((h) => h.time === common.time)).toEqual(common);
  });

  it("covers >= 48 future hours and 8 local days with sunrise before sunset", () => {
    const f = simulateForecast(-33.87, 151.21, now);
    expect(f.timezone).toBe("Australia/Sydney");
    expect(f.hourly.filter((h) => Date.parse(h.time) >= now.getTime()).length).toBeGreaterThanOrEqual(48 + 24 * 5);
    expect(f.daily).toHaveLength(8);
    expect(f.daily[0].date).toBe("2026-07-01");
    for (const d of f.daily) expect(Date.parse(d.sunrise!)).toBeLessThan(Date.parse(d.sunset!));
  });

  it("is plausible: warmer afternoons than nights, tropics warmer than the Arctic, no UV at night", () => {
    const f = simulateForecast(40, 0, now);
    const day = f.hourly.filter((h) => h.time.startsWith("2026-07-02"));
    const afternoon = day.find((h) => h.time.includes("T15:00"))!.temperatureC!;
    const night = day.find((h) => h.time.includes("T03:00"))!.temperatureC!;
    expect(afternoon).toBeGreaterThan(night);
    expect(day.filter((h) => h.isDay === false).every((h) => h.uvIndex === 0)).toBe(true);
    const mean = (lat: number) => {
      const hs = simulateForecast(lat, 0, new Date("2026-01-15T00:00:00Z")).hourly;
      return hs.reduce((a, h) => a + h.temperatureC!, 0) / hs.length;
    };
    expect(mean(5)).toBeGreaterThan(mean(70) + 20);
    // Seasons flip between hemispheres: January is summer at 45 S.
    expect(mean(-45)).toBeGreaterThan(mean(45) + 10);
  });
});

describe("simulated UV follows the sun (issue 39)", () => {
  // Reference: clear-sky UV index by solar elevation, Madronich (2007) 12.5·cos(SZA)^2.42, and the
  // WHO UV Index guide's rule that the index is near 0 at low sun and 0 at night.
  const reference: Array<[number, number]> = [
    [-5, 0],
    [0, 0],
    [10, 0.18],
    [17, 0.65],
    [30, 2.33],
    [45, 5.4],
    [60, 8.8],
    [90, 12.5],
  ];
  it.each(reference)("elevation %d° -> clear-sky UV %d", (elev, uv) => {
    expect(clearSkyUv(elev)).toBeCloseTo(uv, 1);
  });

  it("Amsterdam in November: <= 2 at solar noon, 0 at night, highest near noon", () => {
    const f = simulateForecast(52.37, 4.9, new Date("2026-11-15T06:00:00Z"));
    const day = f.hourly.filter((h) => h.time.startsWith("2026-11-16"));
    const uv = (hh: string) => day.find((h) => h.time.includes(`T${hh}:00`))!.uvIndex!;
    expect(Math.max(...day.map((h) => h.uvIndex!))).toBeLessThanOrEqual(2);
    expect(uv("11")).toBeGreaterThan(0);
    expect(uv("11")).toBeGreaterThanOrEqual(uv("08"));
    expect(uv("22")).toBe(0);
    expect(uv("02")).toBe(0);
    expect(simulatedUv(new Date("2026-11-16T11:40:00Z"), 52.37, 4.9, 0)).toBeLessThanOrEqual(2);
    expect(simulatedUv(new Date("2026-11-16T11:40:00Z"), 52.37, 4.9, 0)).toBeGreaterThan(0.3);
  });

  it("Mediterranean July noon under a clear sky reaches the WHO 'high' band, night is 0", () => {
    const noon = simulatedUv(new Date("2026-07-15T11:10:00Z"), 41.9, 12.5, 0);
    expect(noon).toBeGreaterThanOrEqual(7);
    expect(noon).toBeLessThan(11.5);
    expect(simulatedUv(new Date("2026-07-15T23:00:00Z"), 41.9, 12.5, 0)).toBe(0);
  });
});
