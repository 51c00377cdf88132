import { describe, expect, it } from "vitest";
import { simulateForecast } from "./simulated";

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
