import type { SimulationKind } from "@/drizzle/schema";
import { simulatedUv } from "./providers/simulated";
import { apparentTemperatureC } from "@/lib/weather/core/risk/derived";
import { RAIN } from "@/lib/weather/core/risk/thresholds";
import type { SimulationParamsInput } from "@/lib/weather/simulation-schemas";
import { POLLEN_KINDS, type AirQuality, type HourlyPoint } from "@/lib/weather/core/types";

/** The values an injection can set on one hour (pressure only reaches current conditions). */
export type OverlayFields = { [K in keyof Omit<HourlyPoint, "time" | "isDay" | "airQuality">]?: number } & {
  pressureHpa?: number;
};

/** Air-quality params -> AirQuality fields (pollen_<type> -> pollen[type]). */
const AIR_FIELD_OF: Record<string, keyof Omit<AirQuality, "pollen">> = {
  us_aqi: "usAqi",
  european_aqi: "europeanAqi",
  pm2_5: "pm2_5",
  pm10: "pm10",
  ozone: "ozone",
  nitrogen_dioxide: "nitrogenDioxide",
};

/** The hour's air quality with the injected values on top (null when the injection sets none). */
function overlayAir(base: AirQuality | null | undefined, params: Record<string, number | string>): AirQuality | null {
  let out: AirQuality | null = null;
  for (const [k, v] of Object.entries(params)) {
    const n = Number(v);
    if (!Number.isFinite(n)) continue;
    const field = AIR_FIELD_OF[k];
    const pollen = k.startsWith("pollen_") ? k.slice(7) : null;
    if (!field && !(pollen && (POLLEN_KINDS as readonly string[]).includes(pollen))) continue;
    out ??= base
      ? { ...base, pollen: { ...base.pollen } }
      : { usAqi: null, europeanAqi: null, pm2_5: null, pm10: null, ozone: null, nitrogenDioxide: null, pollen: {} };
    if (field) out[field] = n;
    else out.pollen[pollen as (typeof POLLEN_KINDS)[number]] = n;
  }
  return out;
}

const FIELD_OF: Record<string, keyof OverlayFields> = {
  temperature_c: "temperatureC",
  feels_like_c: "feelsLikeC",
  humidity_pct: "humidityPct",
  pressure_hpa: "pressureHpa",
  precipitation_mm_h: "precipitationMm",
  precipitation_probability: "precipitationProbabilityPct",
  weather_code: "weatherCode",
  wind_speed_ms: "windSpeedMs",
  wind_gust_ms: "windGustMs",
  wind_direction_deg: "windDirectionDeg",
  cloud_cover_pct: "cloudCoverPct",
  visibility_m: "visibilityM",
  uv_index: "uvIndex",
  wave_height_m: "waveHeightM",
  wave_period_s: "wavePeriodS",
  wave_direction_deg: "waveDirectionDeg",
};

/** Explicit values of an injection, as hour fields (stored params were validated on the way in). */
export function explicitFields(params: Record<string, number | string>): OverlayFields {
  const out: OverlayFields = {};
  for (const [k, v] of Object.entries(params)) {
    const f = FIELD_OF[k];
    const n = Number(v);
    if (f && Number.isFinite(n)) (out as Record<string, number>)[f] = n;
  }
  return out;
}

/**
 * A kind's preset values (chosen to cross our warning thresholds). Relative values (the cold
 * and heat feels-like, the gusts' sustained wind, snow's cap at -3 °C) follow explicit ones.
 */
export function presetFields(kind: SimulationKind, h: HourlyPoint, e: OverlayFields): OverlayFields {
  switch (kind) {
    case "heavy_rain":
      return {
        precipitationMm: 12,
        precipitationProbabilityPct: 95,
        weatherCode: 65,
        cloudCoverPct: 100,
        visibilityM: 4000,
      };
    case "rain":
      return { precipitationMm: 3, precipitationProbabilityPct: 85, weatherCode: 63, cloudCoverPct: 95 };
    case "gusts": {
      const gust = e.windGustMs ?? 28;
      return { windGustMs: 28, windSpeedMs: Math.max(h.windSpeedMs ?? 0, gust * 0.62) };
    }
    case "heat":
      return { temperatureC: 41, feelsLikeC: (e.temperatureC ?? 41) + 3, cloudCoverPct: 5, weatherCode: 0 };
    case "cold":
      return { temperatureC: -22, feelsLikeC: (e.temperatureC ?? -22) - 8 };
    case "fog":
      return { visibilityM: 150, weatherCode: 45, precipitationMm: 0 };
    case "thunderstorm":
      return {
        weatherCode: 95,
        precipitationMm: 10,
        precipitationProbabilityPct: 90,
        windGustMs: 22,
        cloudCoverPct: 100,
      };
    case "snow":
      return {
        weatherCode: 75,
        temperatureC: Math.min(h.temperatureC ?? -3, -3),
        precipitationMm: 3,
        precipitationProbabilityPct: 90,
        visibilityM: 1500,
      };
    case "freezing_rain":
      // Liquid rain with the air at or below 0 °C (AMS), reported with the WMO freezing-rain code.
      return {
        weatherCode: 67,
        temperatureC: Math.min(e.temperatureC ?? h.temperatureC ?? -1, -1),
        precipitationMm: 2,
        precipitationProbabilityPct: 90,
        cloudCoverPct: 100,
        visibilityM: 3000,
      };
    case "severe_alert":
    case "custom":
      return {};
  }
}

const PRECIP_CODES = new Set([51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]);
const RAIN_CODES = new Set([51, 53, 55, 61, 63, 65, 80, 81, 82]);

function cloudCode(cloud: number): number {
  return cloud > 85 ? 3 : cloud > 50 ? 2 : cloud > 20 ? 1 : 0;
}

/** Rain code by the AMS rate class (providers report plain rain even near 0 °C). */
function rainCode(mmH: number): number {
  return mmH >= RAIN.heavyMmH ? 65 : mmH >= RAIN.moderateMmH ? 63 : 61;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * One hour with one injection applied: preset, then explicit values on top (field by field),
 * then what follows from them unless given: the WMO code from precipitation and cloud,
 * feels-like from temperature, humidity and wind (NWS formulas), UV from sun and cloud.
 */
export function overlayHour<T extends HourlyPoint & { pressureHpa?: number | null }>(
  h: T,
  kind: SimulationKind,
  params: SimulationParamsInput | Record<string, number | string>,
  at: { lat: number; lng: number },
): T {
  const e = explicitFields(params as Record<string, number | string>);
  const set: OverlayFields = { ...presetFields(kind, h, e), ...e };
  const out = { ...h, ...set } as T;
  const air = overlayAir(h.airQuality, params as Record<string, number | string>);
  if (air) out.airQuality = air;
  if (set.weatherCode === undefined) {
    if (set.precipitationMm !== undefined) {
      // Snow, freezing and storm codes stay; plain rain follows the injected rate.
      const c = h.weatherCode ?? -1;
      if (set.precipitationMm >= RAIN.measurableMm)
        out.weatherCode = PRECIP_CODES.has(c) && !RAIN_CODES.has(c) ? c : rainCode(set.precipitationMm);
      else if (PRECIP_CODES.has(h.weatherCode ?? -1)) out.weatherCode = cloudCode(out.cloudCoverPct ?? 0);
    } else if (set.cloudCoverPct !== undefined && (h.weatherCode ?? 0) <= 3) {
      out.weatherCode = cloudCode(set.cloudCoverPct);
    }
  }
  if (
    set.feelsLikeC === undefined &&
    (set.temperatureC !== undefined || set.humidityPct !== undefined || set.windSpeedMs !== undefined)
  ) {
    const fl = apparentTemperatureC(out.temperatureC, out.humidityPct, out.windSpeedMs);
    out.feelsLikeC = fl === null ? null : r1(fl);
  }
  if (set.uvIndex === undefined && set.cloudCoverPct !== undefined) {
    out.uvIndex = simulatedUv(new Date(h.time), at.lat, at.lng, set.cloudCoverPct);
  }
  return out;
}
