import ngeohash from "ngeohash";
import { env } from "@/lib/env";
import { conditionFor } from "./i18n/conditions";
import { type Language } from "@/lib/i18n/languages";
import { CELL_PRECISION } from "./cells";
import { toLocalIso } from "@/lib/time/zones";
import { POLLEN_KINDS, type AirQuality } from "./types";
import type {
  AccountEnvironmentName,
  CacheStatus,
  CurrentConditions,
  DailyPoint,
  HourlyPoint,
  NormalizedForecast,
  Units,
  WeatherAlert,
} from "./types";
import type { Risk } from "./risk/types";
import type { Snapshot } from "@/lib/weather/io/snapshots/get-snapshot";
import { hourAt } from "./hour-at";
import { apparentTemperatureC } from "./risk/derived";

/** Feels-like as the provider sent it, else derived as risk derives it (NWS wind chill / heat index). */
const feelsLike = (c: {
  feelsLikeC: number | null;
  temperatureC: number | null;
  humidityPct: number | null;
  windSpeedMs: number | null;
}) => c.feelsLikeC ?? apparentTemperatureC(c.temperatureC, c.humidityPct, c.windSpeedMs);

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Unit-less temperatures follow `units`: metric °C, imperial °F, standard K (DESIGN section 5). */
export function temperatureIn(c: number | null, units: Units): number | null {
  if (c === null) return null;
  if (units === "imperial") return r1((c * 9) / 5 + 32);
  if (units === "standard") return Math.round((c + 273.15) * 100) / 100;
  return r1(c);
}

export function locationOut(lat: number, lng: number, timezone: string) {
  return {
    lat,
    lng,
    geohash: ngeohash.encode(lat, lng, CELL_PRECISION),
    geohash_precision: CELL_PRECISION,
    timezone,
    place_type: "coordinates",
  };
}

export function alertOut(a: WeatherAlert) {
  return {
    id: a.id,
    event: a.event,
    severity: a.severity,
    certainty: a.certainty ?? "unknown",
    urgency: a.urgency ?? "unknown",
    area: a.area ?? null,
    starts: a.starts,
    ends: a.ends,
    source: a.source,
    attribution: a.attribution ?? null,
    description: a.description ?? null,
    cap_identifier: a.capIdentifier ?? null,
    references: a.references ?? [],
    scope: a.scope ?? "area",
    status: a.status ?? "confirmed",
  };
}

export function provenance(s: Snapshot) {
  return {
    snapshot_id: s.id,
    provider: s.forecast.provider,
    provider_version: s.forecast.providerVersion,
    attribution: s.forecast.attribution,
    fetched_at: s.fetchedAt.toISOString(),
  };
}

/**
 * Conditions "now": the snapshot's observation while it is recent, otherwise the
 * forecast hour covering now (a stale snapshot must not pass old observations off as current).
 */
export function conditionsAt(f: NormalizedForecast, now: Date): CurrentConditions {
  if (Math.abs(now.getTime() - Date.parse(f.current.observedAt)) <= 90 * 60_000) return f.current;
  const h = hourAt(f.hourly, now);
  if (!h || h.temperatureC === null) return f.current;
  return { ...h, observedAt: h.time, pressureHpa: f.current.pressureHpa };
}

export function currentOut(c: CurrentConditions, units: Units, lang: Language) {
  return {
    observed_at: c.observedAt,
    temperature: temperatureIn(c.temperatureC, units),
    feels_like: temperatureIn(feelsLike(c), units),
    humidity_pct: c.humidityPct,
    pressure_hpa: c.pressureHpa,
    wind: { speed_ms: r1(c.windSpeedMs), gust_ms: r1(c.windGustMs), direction_deg: c.windDirectionDeg },
    cloud_cover_pct: c.cloudCoverPct,
    visibility_m: c.visibilityM,
    uv_index: r1(c.uvIndex),
    precipitation_mm: r1(c.precipitationMm),
    condition: conditionFor(c.weatherCode, lang, c.isDay),
    sea_state: seaStateOut(c),
    air_quality: airQualityOut(c.airQuality),
  };
}

export function dailyOut(d: DailyPoint, zone: string, units: Units, lang: Language) {
  return {
    local_date: d.date,
    sunrise: toLocalIso(d.sunrise, zone),
    sunset: toLocalIso(d.sunset, zone),
    temperature: { min: temperatureIn(d.temperatureMinC, units), max: temperatureIn(d.temperatureMaxC, units) },
    feels_like: { min: temperatureIn(d.feelsLikeMinC, units), max: temperatureIn(d.feelsLikeMaxC, units) },
    humidity_pct: d.humidityPct,
    wind: { speed_ms: r1(d.windSpeedMs), gust_ms: r1(d.windGustMs), direction_deg: d.windDirectionDeg },
    cloud_cover_pct: d.cloudCoverPct,
    precipitation_mm: r1(d.precipitationMm),
    precipitation_probability_pct: d.precipitationProbabilityPct,
    uv_index_max: r1(d.uvIndexMax),
    condition: conditionFor(d.weatherCode, lang, true),
  };
}

export function hourlyOut(h: HourlyPoint, zone: string, units: Units, lang: Language) {
  return {
    time: toLocalIso(h.time, zone),
    temperature: temperatureIn(h.temperatureC, units),
    feels_like: temperatureIn(feelsLike(h), units),
    humidity_pct: h.humidityPct,
    wind: { speed_ms: r1(h.windSpeedMs), gust_ms: r1(h.windGustMs), direction_deg: h.windDirectionDeg },
    cloud_cover_pct: h.cloudCoverPct,
    visibility_m: h.visibilityM,
    uv_index: r1(h.uvIndex),
    precipitation_mm: r1(h.precipitationMm),
    precipitation_probability_pct: h.precipitationProbabilityPct,
    is_day: h.isDay,
    condition: conditionFor(h.weatherCode, lang, h.isDay),
    sea_state: seaStateOut(h),
    air_quality: airQualityOut(h.airQuality),
  };
}

export function riskOut(r: Risk, opts: { omitLowRecommendation?: boolean } = {}) {
  const base = { level: r.level, reasons: r.reasons };
  if (opts.omitLowRecommendation && r.level === "low") return base;
  return { ...base, recommendation: r.recommendation };
}

/** HIT/MISS/STALE when every snapshot agrees, MIXED otherwise. */
export function combinedStatus(statuses: CacheStatus[]): CacheStatus {
  const set = new Set(statuses);
  return set.size === 1 ? statuses[0] : "MIXED";
}

/** Cache headers: X-Weather-Snapshot-Id only when the answer rests on one snapshot. */
export function cacheHeaders(status: CacheStatus, snapshotIds: string[]): Record<string, string> {
  const ids = [...new Set(snapshotIds)];
  return { "X-Cache-Status": status, ...(ids.length === 1 ? { "X-Weather-Snapshot-Id": ids[0] } : {}) };
}

/** meta.environment: sandbox accounts are labelled as such (their weather is simulated). */
export function environmentLabel(environment: AccountEnvironmentName): string {
  return environment === "sandbox" ? "sandbox" : env().APP_ENVIRONMENT;
}

/** Sea state of an hour or a window's worst: null when no wave data (inland, or not fetched). */
export function seaStateOut(s: {
  waveHeightM?: number | null;
  wavePeriodS?: number | null;
  waveDirectionDeg?: number | null;
}) {
  if (s.waveHeightM == null) return null;
  return {
    wave_height_m: r1(s.waveHeightM),
    wave_period_s: r1(s.wavePeriodS ?? null),
    wave_direction_deg: s.waveDirectionDeg ?? null,
  };
}

/** Air quality of an hour: indices, µg/m³ concentrations and pollen grains/m³ per type (null when not fetched). */
export function airQualityOut(aq: AirQuality | null | undefined) {
  if (!aq) return null;
  const pollen = Object.fromEntries(POLLEN_KINDS.map((k) => [k, r1(aq.pollen[k] ?? null)])) as Record<
    (typeof POLLEN_KINDS)[number],
    number | null
  >;
  return {
    us_aqi: r1(aq.usAqi),
    european_aqi: r1(aq.europeanAqi),
    pm2_5: r1(aq.pm2_5),
    pm10: r1(aq.pm10),
    ozone: r1(aq.ozone),
    nitrogen_dioxide: r1(aq.nitrogenDioxide),
    pollen,
  };
}
