import type { HourlyPoint, NormalizedForecast } from "@/lib/weather/core";
import type { PlannerEvent } from "../types";

const HOUR = 3_600_000;

/** Test only: a calm hour (18 °C, light breeze, dry); day between 07:00 and 20:00 UTC+1 (Lisbon summer time). */
function calmHour(ms: number): HourlyPoint {
  const localHour = (new Date(ms).getUTCHours() + 1) % 24;
  return {
    time: new Date(ms).toISOString(),
    temperatureC: 18,
    feelsLikeC: 18,
    humidityPct: 60,
    windSpeedMs: 3,
    windGustMs: 5,
    windDirectionDeg: 270,
    cloudCoverPct: 40,
    visibilityM: 20000,
    uvIndex: 3,
    precipitationMm: 0,
    precipitationProbabilityPct: 10,
    weatherCode: 2,
    isDay: localHour >= 7 && localHour < 20,
  };
}

/**
 * Test only: an hourly forecast from `fromIso` for `hours` hours, calm unless `weather` changes an
 * hour (by its start instant).
 */
export function syntheticForecast(
  fromIso: string,
  hours: number,
  weather: (ms: number) => Partial<HourlyPoint> = () => ({}),
): NormalizedForecast {
  const from = Date.parse(fromIso);
  const hourly = Array.from({ length: hours }, (_, i) => {
    const ms = from + i * HOUR;
    return { ...calmHour(ms), ...weather(ms) };
  });
  return {
    provider: "simulated",
    providerVersion: "test",
    attribution: "test",
    fetchedAt: fromIso,
    lat: 38.8,
    lng: -9.38,
    timezone: "Europe/Lisbon",
    current: { ...hourly[0], observedAt: hourly[0].time, pressureHpa: 1015 } as NormalizedForecast["current"],
    hourly,
    daily: [],
    alerts: [],
  };
}

/** Rain of `mm` per hour over [fromIso, toIso). */
export const rainBetween =
  (fromIso: string, toIso: string, mm: number) =>
  (ms: number): Partial<HourlyPoint> =>
    ms >= Date.parse(fromIso) && ms < Date.parse(toIso)
      ? { precipitationMm: mm, precipitationProbabilityPct: 95, weatherCode: mm >= 7.6 ? 65 : 63 }
      : {};

let nextId = 100;
export function ev(
  type: PlannerEvent["type"],
  title: string,
  startIso: string,
  endIso: string | null,
  extra: Partial<PlannerEvent> = {},
): PlannerEvent {
  return {
    id: nextId++,
    type,
    title,
    startMs: Date.parse(startIso),
    endMs: endIso ? Date.parse(endIso) : null,
    timeZone: "Europe/Lisbon",
    ...extra,
  };
}
