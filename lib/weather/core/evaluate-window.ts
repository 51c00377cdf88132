import type { HourlyPoint, NormalizedForecast, WeatherAlert } from "./types";
import { minutelyRate, NOWCAST_DRY_MAX_PROBABILITY, WET_MM_H } from "./nowcast";
import { assessRisk } from "./risk/assess-risk";
import {
  activityProfile,
  ferryProfile,
  TRANSPORT_PROFILES,
  type RiskProfile,
  type TransportMode,
  type Vessel,
} from "./risk/profiles";
import { apparentTemperatureC, deriveHazards } from "./risk/derived";
import { FREEZING } from "./risk/thresholds";
import { NO_SUPPLEMENTS, supplementInputs } from "./risk/supplements";
import { DEFAULT_ADVICE_LOCALE, formatReason, type AdviceLocale } from "./i18n/advice";
import type { Risk, RiskInputs, SupplementInputs } from "./risk/types";
import { recommendationFor } from "./risk/recommendations";

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
  /** Worst sea state, air quality and pollen over the window (null members where unknown). */
  supplements: SupplementInputs;
}

export interface EvaluateWindowOptions {
  /** Window bounds in epoch milliseconds (numbers, not Dates: see localIsoAt in time/zones.ts). */
  startMs: number;
  endMs: number;
  activityType?: string | null;
  transportMode?: TransportMode;
  /** Ferry only: "small" uses the small craft bands (default large). */
  vessel?: Vessel;
  /** Language and units of reason messages and the recommendation (default en, metric). */
  locale?: AdviceLocale;
  /** "Now" for the next-hour precipitation rule (default Date.now()). */
  nowMs?: number;
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

function hi(a: number | null, b: number | null): number | null {
  return b === null ? a : a === null || b > a ? b : a;
}

function lo(a: number | null, b: number | null): number | null {
  return b === null ? a : a === null || b < a ? b : a;
}

function codeRank(c: number): number {
  if (c >= 95) return 300 + c;
  if ((c >= 56 && c <= 57) || (c >= 66 && c <= 67)) return 250 + c;
  if (c >= 71 && c <= 86 && c !== 80 && c !== 81 && c !== 82) return 200 + c;
  if (c >= 51) return 100 + c;
  if (c === 45 || c === 48) return 50;
  return c;
}

export function profileFor(o: {
  activityType?: string | null;
  transportMode?: TransportMode;
  vessel?: Vessel;
}): RiskProfile {
  const base = o.transportMode ? TRANSPORT_PROFILES[o.transportMode] : activityProfile(o.activityType);
  return base.audience === "ferry" ? ferryProfile(o.vessel, base) : base;
}

/** Feels-like as sent, else derived (NWS wind chill / heat index, risk/derived.ts). */
export function feelsLikeOf(h: HourlyPoint): number | null {
  return h.feelsLikeC ?? apparentTemperatureC(h.temperatureC, h.humidityPct, h.windSpeedMs);
}

// Parsed hour starts per hourly array (forecasts are immutable once built).
const timesOf = new WeakMap<HourlyPoint[], Float64Array>();

function hourTimes(hourly: HourlyPoint[]): Float64Array {
  let t = timesOf.get(hourly);
  if (!t) {
    t = Float64Array.from(hourly, (h) => Date.parse(h.time));
    timesOf.set(hourly, t);
  }
  return t;
}

/** Hourly points overlapping [startMs, endMs] (an instant window uses the hour containing it). */
export function hoursIn(f: NormalizedForecast, startMs: number, endMs: number): HourlyPoint[] {
  const s = startMs;
  const e = Math.max(endMs, s + 1);
  const times = hourTimes(f.hourly);
  // Binary search for the first hour ending after s (hours are in time order).
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] + HOUR > s) hi = mid;
    else lo = mid + 1;
  }
  const out: HourlyPoint[] = [];
  for (let i = lo; i < times.length && times[i] < e; i++) if (f.hourly[i].temperatureC !== null) out.push(f.hourly[i]);
  return out;
}

export function alertsIn(f: NormalizedForecast, startMs: number, endMs: number): WeatherAlert[] {
  if (f.alerts.length === 0) return [];
  return f.alerts.filter((a) => {
    const s = a.starts ? Date.parse(a.starts) : -Infinity;
    const e = a.ends ? Date.parse(a.ends) : Infinity;
    return s <= endMs && e >= startMs;
  });
}

/** Pure: metrics and risk for a forecast, a window and an activity or transport profile. */
export function evaluateWindow(
  f: NormalizedForecast,
  o: EvaluateWindowOptions,
): { metrics: WindowMetrics; risk: Risk } {
  const profile = profileFor(o);
  const locale = o.locale ?? DEFAULT_ADVICE_LOCALE;
  const hours = hoursIn(f, o.startMs, o.endMs);
  const alerts = alertsIn(f, o.startMs, o.endMs);
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
      supplements: NO_SUPPLEMENTS,
    };
    const base = assessRisk({ ...emptyInputs(), alerts }, profile, locale);
    const reason = {
      code: "outside_forecast_horizon" as const,
      level: "low" as const,
      message: formatReason("outside_forecast_horizon", {}, locale),
    };
    return {
      metrics,
      risk: {
        ...base,
        reasons: [...base.reasons, reason],
        recommendation: base.recommendation ?? recommendationFor("outside_forecast_horizon", profile, locale),
      },
    };
  }
  const first = hours[0];
  const firstMs = Date.parse(first.time);
  // One pass over the window's hours: worst values (nulls ignored).
  let prob: number | null = null;
  let rate: number | null = null;
  let flMax: number | null = null;
  let flMin: number | null = null;
  let wind: number | null = null;
  let gust: number | null = null;
  let uv: number | null = null;
  let vis: number | null = null;
  let tMax: number | null = null;
  let tMin: number | null = null;
  let worst = first;
  const codes: number[] = [];
  for (const h of hours) {
    const fl = feelsLikeOf(h) ?? h.temperatureC;
    prob = hi(prob, h.precipitationProbabilityPct);
    rate = hi(rate, h.precipitationMm);
    flMax = hi(flMax, fl);
    flMin = lo(flMin, fl);
    wind = hi(wind, h.windSpeedMs);
    gust = hi(gust, h.windGustMs);
    uv = hi(uv, h.uvIndex);
    vis = lo(vis, h.visibilityM);
    tMax = hi(tMax, h.temperatureC);
    tMin = lo(tMin, h.temperatureC);
    if (h.weatherCode !== null) {
      codes.push(h.weatherCode);
      if (codeRank(h.weatherCode) > codeRank(worst.weatherCode ?? 0)) worst = h;
    }
  }
  // Windows starting within the next 2 hours take their precipitation from the minutely series
  // (issue 31) where it covers them; hours past its end still count.
  const nowcast = minutelyRate(f, o.startMs, o.endMs, o.nowMs ?? Date.now());
  if (nowcast && nowcast.rate !== null) {
    let beyond: number | null = null;
    if (o.endMs > nowcast.coveredUntil)
      for (const h of hours)
        if (Date.parse(h.time) + HOUR > nowcast.coveredUntil) beyond = hi(beyond, h.precipitationMm);
    rate = beyond === null ? nowcast.rate : Math.max(nowcast.rate, beyond);
    // A window the series covers entirely and finds dry is not "rain likely" on the hourly odds.
    if (beyond === null && o.endMs <= nowcast.coveredUntil && nowcast.rate < WET_MM_H && prob !== null)
      prob = Math.min(prob, NOWCAST_DRY_MAX_PROBABILITY);
  }
  const inputs: RiskInputs = {
    precipitationProbabilityPct: prob,
    precipitationMmH: rate,
    feelsLikeMaxC: flMax,
    feelsLikeMinC: flMin,
    windSpeedMs: wind,
    windGustMs: gust,
    uvIndex: uv,
    visibilityM: vis,
    weatherCodes: codes,
    alerts,
    temperatureMinC: tMin,
    // The hours before the window tell whether surfaces are wet or snow-covered.
    supplements: supplementInputs(hours),
    derived: deriveHazards(
      hours,
      hoursIn(f, firstMs - FREEZING.snowLookbackHours * HOUR, firstMs - 1).filter((h) => h.time < first.time),
    ),
  };
  const metrics: WindowMetrics = {
    observed_at: first.time,
    precipitation_probability: inputs.precipitationProbabilityPct,
    precipitation_intensity_mm_h: r1(inputs.precipitationMmH),
    temperature_c: r1(first.temperatureC),
    // The value risk judged: the provider's, else the derived one (never null beside a quoted value).
    feels_like_c: r1(feelsLikeOf(first)),
    temperature_max_c: r1(tMax),
    temperature_min_c: r1(tMin),
    wind_speed_kph: inputs.windSpeedMs === null ? null : r1(inputs.windSpeedMs * 3.6),
    wind_gust_kph: inputs.windGustMs === null ? null : r1(inputs.windGustMs * 3.6),
    uv_index: r1(inputs.uvIndex),
    visibility_km: inputs.visibilityM === null ? null : r1(inputs.visibilityM / 1000),
    condition_code: worst.weatherCode,
    is_day: first.isDay,
    alerts,
    supplements: inputs.supplements!,
  };
  return { metrics, risk: assessRisk(inputs, profile, locale) };
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
