import * as SunCalc from "suncalc";
import { DateTime } from "luxon";
import { resolveLanguage } from "@/lib/i18n/languages";
import { cacheHeaders, dailyOut, hourlyOut, locationOut, provenance, environmentLabel } from "./core/present";
import { getSnapshot } from "./io/snapshots/get-snapshot";
import { localDate } from "@/lib/time/zones";
import type { AccountEnvironmentName, DailyPoint, NormalizedForecast, Units } from "./core/types";

export const MAX_FORECAST_DAYS = 8;

export interface ForecastRequest {
  lat: number;
  lng: number;
  days: number;
  granularity: "daily" | "hourly";
  units: Units;
  language?: string;
}

export async function getForecast(q: ForecastRequest, environment: AccountEnvironmentName) {
  const lang = resolveLanguage(q.language);
  const { snapshot, cacheStatus } = await getSnapshot({ lat: q.lat, lng: q.lng, environment, use: "forecast" });
  const f = snapshot.forecast;
  const zone = f.timezone;
  const now = new Date();
  const days = Math.min(Math.max(q.days, 1), MAX_FORECAST_DAYS);
  let daily = null;
  let hourly = null;
  if (q.granularity === "daily") {
    daily = dailyEntries(f, now, days, q.lat, q.lng).map((d) => dailyOut(d, zone, q.units, lang));
  } else {
    const from = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
    const to = from + days * 24 * 3_600_000;
    hourly = f.hourly
      .filter((h) => {
        const t = Date.parse(h.time);
        return t >= from && t < to;
      })
      .map((h) => hourlyOut(h, zone, q.units, lang));
  }
  return {
    data: {
      location: locationOut(q.lat, q.lng, zone),
      granularity: q.granularity,
      days,
      hourly,
      daily,
      ...provenance(snapshot),
    },
    meta: {
      environment: environmentLabel(environment),
      cache_status: cacheStatus,
      snapshot_id: snapshot.id,
      units: q.units,
      language: lang,
      items_analyzed: days,
    },
    headers: { ...cacheHeaders(cacheStatus, [snapshot.id]), "Content-Language": lang },
  };
}

/**
 * Exactly `days` entries starting with today's local date. Days the provider does not
 * cover (its horizon) are still listed, with null values and astronomical sunrise/sunset.
 */
function dailyEntries(f: NormalizedForecast, now: Date, days: number, lat: number, lng: number): DailyPoint[] {
  const today = DateTime.fromISO(localDate(now, f.timezone), { zone: f.timezone });
  const byDate = new Map(f.daily.map((d) => [d.date, d]));
  const out: DailyPoint[] = [];
  for (let i = 0; i < days; i++) {
    const day = today.plus({ days: i });
    const date = day.toISODate()!;
    const got = byDate.get(date);
    if (got) {
      out.push(got);
      continue;
    }
    const sun = SunCalc.getTimes(day.set({ hour: 12 }).toJSDate(), lat, lng);
    out.push({
      date,
      sunrise: sun.sunrise ? sun.sunrise.toISOString() : null,
      sunset: sun.sunset ? sun.sunset.toISOString() : null,
      temperatureMinC: null,
      temperatureMaxC: null,
      feelsLikeMinC: null,
      feelsLikeMaxC: null,
      humidityPct: null,
      windSpeedMs: null,
      windGustMs: null,
      windDirectionDeg: null,
      cloudCoverPct: null,
      precipitationMm: null,
      precipitationProbabilityPct: null,
      uvIndexMax: null,
      weatherCode: null,
    });
  }
  return out;
}
