import { apparentTemperatureC } from "@/lib/weather/core/risk/derived";
import type { DailyPoint, HourlyPoint } from "@/lib/weather/core/types";

/** Feels-like as sent, else derived (NWS wind chill / heat index) so the day's range is never empty beside temperatures. */
const feels = (h: HourlyPoint) => h.feelsLikeC ?? apparentTemperatureC(h.temperatureC, h.humidityPct, h.windSpeedMs);

/** Worst-first ordering of WMO codes for a day's summary code (storms > snow > rain > fog > cloud). */
function severityOfCode(c: number): number {
  if (c >= 95) return 100 + c;
  if (c >= 66 && c <= 86) return 60 + c;
  if (c >= 51) return 40 + c;
  if (c === 45 || c === 48) return 30;
  return c;
}

const max = (xs: Array<number | null>) =>
  xs.some((x) => x !== null) ? Math.max(...(xs.filter((x) => x !== null) as number[])) : null;
const min = (xs: Array<number | null>) =>
  xs.some((x) => x !== null) ? Math.min(...(xs.filter((x) => x !== null) as number[])) : null;
const mean = (xs: Array<number | null>) => {
  const v = xs.filter((x) => x !== null) as number[];
  return v.length ? Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10 : null;
};

/** A daily entry aggregated from the hourly points in [fromMs, toMs). */
export function dailyFromHourly(
  date: string,
  hourly: HourlyPoint[],
  fromMs: number,
  toMs: number,
  sun: { sunrise: string | null; sunset: string | null },
): DailyPoint {
  const hs = hourly.filter((h) => {
    const t = Date.parse(h.time);
    return t >= fromMs && t < toMs;
  });
  const codes = hs.map((h) => h.weatherCode).filter((c): c is number => c !== null);
  const sum = hs.some((h) => h.precipitationMm !== null)
    ? Math.round(hs.reduce((a, h) => a + (h.precipitationMm ?? 0), 0) * 10) / 10
    : null;
  return {
    date,
    sunrise: sun.sunrise,
    sunset: sun.sunset,
    temperatureMinC: min(hs.map((h) => h.temperatureC)),
    temperatureMaxC: max(hs.map((h) => h.temperatureC)),
    feelsLikeMinC: min(hs.map(feels)),
    feelsLikeMaxC: max(hs.map(feels)),
    humidityPct: mean(hs.map((h) => h.humidityPct)),
    windSpeedMs: max(hs.map((h) => h.windSpeedMs)),
    windGustMs: max(hs.map((h) => h.windGustMs)),
    windDirectionDeg: hs.length ? hs[Math.floor(hs.length / 2)].windDirectionDeg : null,
    cloudCoverPct: mean(hs.map((h) => h.cloudCoverPct)),
    precipitationMm: sum,
    precipitationProbabilityPct: max(hs.map((h) => h.precipitationProbabilityPct)),
    uvIndexMax: max(hs.map((h) => h.uvIndex)),
    weatherCode: codes.length ? codes.reduce((a, b) => (severityOfCode(b) > severityOfCode(a) ? b : a)) : null,
  };
}
