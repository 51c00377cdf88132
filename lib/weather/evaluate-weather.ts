import type { AccountEnvironmentName, HourlyPoint, NormalizedForecast, WeatherAlert } from "./types";
import { assessRisk } from "./risk/assess-risk";
import { activityProfile, TRANSPORT_PROFILES, type RiskProfile, type TransportMode } from "./risk/profiles";
import type { Risk, RiskInputs } from "./risk/types";
import { recommendationFor } from "./risk/recommendations";
import { getSnapshot, type SnapshotResult } from "./snapshots/get-snapshot";

const HOUR = 3_600_000;

/** Worst conditions over a window; unit-suffixed names carry their unit. */
export interface WindowMetrics {
  /** Start of the first forecast hour used (null when the window is outside the forecast). */
  observed_at: string | null;
  precipitation_probability: number | null;
  precipitation_intensity_mm_h: number | null;
  /** Temperature and feels-like at the window's first hour. */
  temperature_c: number | null;
  feels_like_c: number | null;
  temperature_max_c: number | null;
  temperature_min_c: number | null;
  wind_speed_kph: number | null;
  wind_gust_kph: number | null;
  uv_index: number | null;
  visibility_km: number | null;
  /** WMO code of the worst hour (storm > snow > rain > fog > cloud). */
  condition_code: number | null;
  is_day: boolean | null;
  alerts: WeatherAlert[];
}

export interface EvaluateWindowOptions {
  start: Date;
  end: Date;
  activityType?: string | null;
  transportMode?: TransportMode;
}

export interface EvaluateWeatherOptions extends EvaluateWindowOptions {
  lat: number;
  lng: number;
  environment: AccountEnvironmentName;
  forceRefresh?: boolean;
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const maxOf = (xs: Array<number | null>) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? Math.max(...v) : null;
};
const minOf = (xs: Array<number | null>) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? Math.min(...v) : null;
};

function codeRank(c: number): number {
  if (c >= 95) return 300 + c;
  if ((c >= 56 && c <= 57) || (c >= 66 && c <= 67)) return 250 + c;
  if (c >= 71 && c <= 86 && c !== 80 && c !== 81 && c !== 82) return 200 + c;
  if (c >= 51) return 100 + c;
  if (c === 45 || c === 48) return 50;
  return c;
}

export function profileFor(o: { activityType?: string | null; transportMode?: TransportMode }): RiskProfile {
  return o.transportMode ? TRANSPORT_PROFILES[o.transportMode] : activityProfile(o.activityType);
}

/** Hourly points overlapping [start, end] (an instant window uses the hour containing it). */
export function hoursIn(f: NormalizedForecast, start: Date, end: Date): HourlyPoint[] {
  const s = start.getTime();
  const e = Math.max(end.getTime(), s + 1);
  return f.hourly.filter((h) => {
    const t = Date.parse(h.time);
    return t + HOUR > s && t < e && h.temperatureC !== null;
  });
}

export function alertsIn(f: NormalizedForecast, start: Date, end: Date): WeatherAlert[] {
  return f.alerts.filter((a) => {
    const s = a.starts ? Date.parse(a.starts) : -Infinity;
    const e = a.ends ? Date.parse(a.ends) : Infinity;
    return s <= end.getTime() && e >= start.getTime();
  });
}

/** Pure: metrics and risk for a forecast, a window and an activity or transport profile. */
export function evaluateWindow(f: NormalizedForecast, o: EvaluateWindowOptions): { metrics: WindowMetrics; risk: Risk } {
  const profile = profileFor(o);
  const hours = hoursIn(f, o.start, o.end);
  const alerts = alertsIn(f, o.start, o.end);
  if (hours.length === 0) {
    const metrics: WindowMetrics = {
      observed_at: null,
      precipitation_probability: null,
      precipitation_intensity_mm_h: null,
      temperature_c: null,
      feels_like_c: null,
      temperature_max_c: null,
      temperature_min_c: null,
      wind_speed_kph: null,
      wind_gust_kph: null,
      uv_index: null,
      visibility_km: null,
      condition_code: null,
      is_day: null,
      alerts,
    };
    const base = assessRisk({ ...emptyInputs(), alerts }, profile);
    const reason = { code: "outside_forecast_horizon" as const, level: "low" as const, message: "No forecast covers this time yet (the horizon is 8 days)." };
    return {
      metrics,
      risk: { ...base, reasons: [...base.reasons, reason], recommendation: base.recommendation ?? recommendationFor("outside_forecast_horizon", profile) },
    };
  }
  const first = hours[0];
  const worst = hours.reduce((a, b) => (codeRank(b.weatherCode ?? 0) > codeRank(a.weatherCode ?? 0) ? b : a));
  const inputs: RiskInputs = {
    precipitationProbabilityPct: maxOf(hours.map((h) => h.precipitationProbabilityPct)),
    precipitationMmH: maxOf(hours.map((h) => h.precipitationMm)),
    feelsLikeMaxC: maxOf(hours.map((h) => h.feelsLikeC ?? h.temperatureC)),
    feelsLikeMinC: minOf(hours.map((h) => h.feelsLikeC ?? h.temperatureC)),
    windSpeedMs: maxOf(hours.map((h) => h.windSpeedMs)),
    windGustMs: maxOf(hours.map((h) => h.windGustMs)),
    uvIndex: maxOf(hours.map((h) => h.uvIndex)),
    visibilityM: minOf(hours.map((h) => h.visibilityM)),
    weatherCodes: hours.map((h) => h.weatherCode).filter((c): c is number => c !== null),
    alerts,
  };
  const metrics: WindowMetrics = {
    observed_at: first.time,
    precipitation_probability: inputs.precipitationProbabilityPct,
    precipitation_intensity_mm_h: r1(inputs.precipitationMmH),
    temperature_c: r1(first.temperatureC),
    feels_like_c: r1(first.feelsLikeC),
    temperature_max_c: r1(maxOf(hours.map((h) => h.temperatureC))),
    temperature_min_c: r1(minOf(hours.map((h) => h.temperatureC))),
    wind_speed_kph: inputs.windSpeedMs === null ? null : r1(inputs.windSpeedMs * 3.6),
    wind_gust_kph: inputs.windGustMs === null ? null : r1(inputs.windGustMs * 3.6),
    uv_index: r1(inputs.uvIndex),
    visibility_km: inputs.visibilityM === null ? null : r1(inputs.visibilityM / 1000),
    condition_code: worst.weatherCode,
    is_day: first.isDay,
    alerts,
  };
  return { metrics, risk: assessRisk(inputs, profile) };
}

function emptyInputs(): RiskInputs {
  return {
    precipitationProbabilityPct: null,
    precipitationMmH: null,
    feelsLikeMaxC: null,
    feelsLikeMinC: null,
    windSpeedMs: null,
    windGustMs: null,
    uvIndex: null,
    visibilityM: null,
    weatherCodes: [],
    alerts: [],
  };
}

/** Fetches (cached, single-flight) and evaluates: what a watch refresh needs. */
export async function evaluateWeather(
  o: EvaluateWeatherOptions,
): Promise<{ snapshot: SnapshotResult["snapshot"]; cacheStatus: SnapshotResult["cacheStatus"]; metrics: WindowMetrics; risk: Risk }> {
  const { snapshot, cacheStatus } = await getSnapshot({ lat: o.lat, lng: o.lng, environment: o.environment, use: "forecast", forceRefresh: o.forceRefresh });
  const { metrics, risk } = evaluateWindow(snapshot.forecast, o);
  return { snapshot, cacheStatus, metrics, risk };
}
