import { describe, expect, it } from "vitest";
import { normalizeOpenMeteo, hourlyRows, mergeSupplements } from "@/lib/weather/io";
import { airQualityBody, forecastBody } from "./open-meteo-stand-in";

// The supplements bench's stand-in speaks Open-Meteo as the real adapters read it.
describe("Open-Meteo stand-in (bench)", () => {
  const now = new Date();
  it("a supplied point: full forecast with minutely_15 and a shower, 5 days of air quality merged into the hours", () => {
    const f = normalizeOpenMeteo(forecastBody(48.8566, 2.3522, true, now), now);
    expect(f.hourly.length).toBeGreaterThanOrEqual(8 * 24);
    expect(f.daily).toHaveLength(8);
    expect(f.minutely?.points).toHaveLength(12);
    expect(f.minutely!.points.some((p) => (p.precipitationMmH ?? 0) >= 1.6)).toBe(true);
    const air = hourlyRows(airQualityBody(48.8566, 2.3522, true, now));
    expect(air.size).toBe(120);
    const merged = mergeSupplements(f, null, air);
    const hour = merged.hourly.find((h) => Date.parse(h.time) === Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    expect(hour?.airQuality?.usAqi).toEqual(expect.any(Number));
  });
  it("another point: no minutely_15, no air-quality hours", () => {
    expect(normalizeOpenMeteo(forecastBody(45.764, 4.8357, false, now), now).minutely).toBeNull();
    expect(hourlyRows(airQualityBody(45.764, 4.8357, false, now)).size).toBe(0);
  });
});
