import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { POLLEN_KINDS, type AirQuality, type HourlyPoint, type NormalizedForecast } from "@/lib/weather/core/types";
import { fetchUpstreamJson } from "./http";
import type { ForecastRequest } from "./types";
import { num } from "./units-in";

/**
 * Issue 31: hourly sea state (Open-Meteo Marine, /v1/marine) and air quality with pollen
 * (Open-Meteo Air Quality, /v1/air-quality), fetched beside a real provider's forecast and merged
 * into its hours by UTC hour. Fail-soft: a supplement that fails or times out leaves its fields
 * null (the forecast itself still stands); inland points get null waves from the marine API.
 */
export const MARINE_HOURLY = "wave_height,wave_period,wave_direction";
export const AIR_HOURLY =
  "us_aqi,european_aqi,pm2_5,pm10,ozone,nitrogen_dioxide," + POLLEN_KINDS.map((k) => `${k}_pollen`).join(",");
export const SUPPLEMENTS_ATTRIBUTION =
  "Marine and air-quality data by Open-Meteo.com (CC BY 4.0; air quality from Copernicus CAMS)";

export type Supplement = "marine" | "air_quality";

export function enabledSupplements(): Supplement[] {
  const e = env();
  const raw = e.WEATHER_SUPPLEMENTS ?? (e.NODE_ENV === "production" ? "marine,air_quality" : "none");
  return raw === "none" ? [] : (raw.split(",") as Supplement[]);
}

type Block = Record<string, unknown>;

/** Hour start (epoch ms, UTC) -> the row's value per variable; times are local with utc_offset_seconds. */
export function hourlyRows(body: unknown): Map<number, Block> {
  const out = new Map<number, Block>();
  const b = (body ?? {}) as Block;
  const h = b.hourly as Block | undefined;
  const times = h?.time;
  if (!h || !Array.isArray(times)) return out;
  const offsetMs = (typeof b.utc_offset_seconds === "number" ? b.utc_offset_seconds : 0) * 1000;
  times.forEach((t, i) => {
    if (typeof t !== "string") return;
    const ms = Date.parse(/Z$|[+-]\d\d:\d\d$/.test(t) ? t : `${t}Z`) - offsetMs;
    if (Number.isNaN(ms)) return;
    const row: Block = {};
    for (const [k, v] of Object.entries(h)) if (k !== "time" && Array.isArray(v)) row[k] = v[i];
    out.set(ms, row);
  });
  return out;
}

export function marineOf(row: Block): Pick<HourlyPoint, "waveHeightM" | "wavePeriodS" | "waveDirectionDeg"> {
  return {
    waveHeightM: num(row.wave_height),
    wavePeriodS: num(row.wave_period),
    waveDirectionDeg: num(row.wave_direction),
  };
}

export function airQualityOf(row: Block): AirQuality {
  const pollen: AirQuality["pollen"] = {};
  for (const k of POLLEN_KINDS) pollen[k] = num(row[`${k}_pollen`]);
  return {
    usAqi: num(row.us_aqi),
    europeanAqi: num(row.european_aqi),
    pm2_5: num(row.pm2_5),
    pm10: num(row.pm10),
    ozone: num(row.ozone),
    nitrogenDioxide: num(row.nitrogen_dioxide),
    pollen,
  };
}

/** The forecast with each hour's sea state and air quality filled in where the supplements have that hour. */
export function mergeSupplements(
  f: NormalizedForecast,
  marine: Map<number, Block> | null,
  air: Map<number, Block> | null,
): NormalizedForecast {
  if (!marine?.size && !air?.size) return f;
  const hourly = f.hourly.map((h) => {
    const t = Date.parse(h.time);
    const m = marine?.get(t);
    const a = air?.get(t);
    if (!m && !a) return h;
    return { ...h, ...(m ? marineOf(m) : {}), ...(a ? { airQuality: airQualityOf(a) } : {}) };
  });
  return { ...f, hourly, attribution: `${f.attribution}; ${SUPPLEMENTS_ATTRIBUTION}` };
}

async function fetchSeries(
  kind: Supplement,
  req: ForecastRequest,
  timeoutMs: number,
): Promise<Map<number, Block> | null> {
  const e = env();
  const base = (kind === "marine" ? e.OPEN_METEO_MARINE_BASE_URL : e.OPEN_METEO_AIR_QUALITY_BASE_URL).replace(
    /\/$/,
    "",
  );
  const q = new URLSearchParams({
    latitude: req.lat.toFixed(4),
    longitude: req.lng.toFixed(4),
    hourly: kind === "marine" ? MARINE_HOURLY : AIR_HOURLY,
    timezone: "GMT",
    forecast_days: kind === "marine" ? "8" : "5",
  });
  try {
    const body = await fetchUpstreamJson(`${base}/v1/${kind === "marine" ? "marine" : "air-quality"}?${q}`, {
      provider: `open-meteo-${kind}`,
      timeoutMs,
    });
    return hourlyRows(body);
  } catch (err) {
    // The forecast stands without it: values stay null and risk simply has no sea/air reason.
    log.warn("weather supplement unavailable", {
      supplement: kind,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

/** Fetches the enabled supplements in parallel with `forecast` and merges them in. */
export async function withSupplements(
  req: ForecastRequest,
  forecast: Promise<NormalizedForecast>,
): Promise<NormalizedForecast> {
  const kinds = enabledSupplements();
  if (kinds.length === 0) return forecast;
  const timeoutMs = env().WEATHER_PROVIDER_TIMEOUT_MS;
  const [f, marine, air] = await Promise.all([
    forecast,
    kinds.includes("marine") ? fetchSeries("marine", req, timeoutMs) : Promise.resolve(null),
    kinds.includes("air_quality") ? fetchSeries("air_quality", req, timeoutMs) : Promise.resolve(null),
  ]);
  return mergeSupplements(f, marine, air);
}
