import { env } from "@/lib/env";
import type {
  CurrentConditions,
  DailyPoint,
  HourlyPoint,
  MinutelyPoint,
  MinutelySeries,
  NormalizedForecast,
} from "@/lib/weather/core/types";
import { localToUtcIso } from "@/lib/time/zones";
import { fetchUpstreamJson, malformedUpstream } from "./http";
import type { ForecastRequest, WeatherProvider } from "./types";
import { convert, num } from "./units-in";
import { hourAt } from "@/lib/weather/core/hour-at";

export const OPEN_METEO_ATTRIBUTION = "Weather data by Open-Meteo.com (CC BY 4.0, https://open-meteo.com/)";

const CURRENT =
  "temperature_2m,apparent_temperature,relative_humidity_2m,pressure_msl,wind_speed_10m,wind_gusts_10m,wind_direction_10m,cloud_cover,visibility,uv_index,precipitation,weather_code,is_day";
const HOURLY =
  "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,wind_gusts_10m,wind_direction_10m,cloud_cover,visibility,uv_index,precipitation,precipitation_probability,weather_code,is_day";
const DAILY =
  "sunrise,sunset,temperature_2m_min,temperature_2m_max,apparent_temperature_min,apparent_temperature_max,relative_humidity_2m_mean,wind_speed_10m_max,wind_gusts_10m_max,wind_direction_10m_dominant,cloud_cover_mean,precipitation_sum,precipitation_probability_max,uv_index_max,weather_code";

export function openMeteoProvider(opts: { baseUrl?: string; timeoutMs?: number } = {}): WeatherProvider {
  return {
    id: "open-meteo",
    async fetchForecast(req: ForecastRequest) {
      const e = env();
      const base = (opts.baseUrl ?? e.OPEN_METEO_BASE_URL).replace(/\/$/, "");
      const q = new URLSearchParams({
        latitude: req.lat.toFixed(4),
        longitude: req.lng.toFixed(4),
        current: CURRENT,
        hourly: HOURLY,
        daily: DAILY,
        minutely_15: "precipitation",
        forecast_minutely_15: "12",
        timezone: "auto",
        forecast_days: "8",
        wind_speed_unit: "ms",
      });
      const timeoutMs = opts.timeoutMs ?? e.WEATHER_PROVIDER_TIMEOUT_MS;
      // Open-Meteo has no alerts: official sources are added around it (alerts/official-alerts.ts).
      const body = await fetchUpstreamJson(`${base}/v1/forecast?${q}`, { provider: "open-meteo", timeoutMs });
      return normalizeOpenMeteo(body, new Date());
    },
  };
}

type Block = Record<string, unknown>;

/**
 * Reads a variable by its current name or its legacy spelling (weathercode,
 * windspeed_10m, windgusts_10m_max, cloudcover, relativehumidity_2m...): names are
 * compared without underscores.
 */
function field(block: Block | undefined, name: string): unknown {
  if (!block) return undefined;
  if (name in block) return block[name];
  const want = name.replace(/_/g, "");
  for (const k of Object.keys(block)) if (k.replace(/_/g, "") === want) return block[k];
  return undefined;
}

function unitOf(units: Block | undefined, name: string): string | undefined {
  const u = field(units, name);
  return typeof u === "string" ? u : undefined;
}

/** Value of `name` at index i (or scalar), converted to SI using the block's unit table. */
function value(block: Block | undefined, units: Block | undefined, name: string, i?: number): number | null {
  const raw = field(block, name);
  const v = i === undefined ? raw : Array.isArray(raw) ? raw[i] : undefined;
  return convert(num(v), unitOf(units, name));
}

function firstOf(block: Block | undefined, units: Block | undefined, names: string[], i?: number): number | null {
  for (const n of names) {
    const v = value(block, units, n, i);
    if (v !== null) return v;
  }
  return null;
}

export function normalizeOpenMeteo(body: unknown, fetchedAt: Date): NormalizedForecast {
  if (!body || typeof body !== "object") throw malformedUpstream("open-meteo", "body is not an object");
  const b = body as Record<string, unknown>;
  const lat = num(b.latitude);
  const lng = num(b.longitude);
  if (lat === null || lng === null) throw malformedUpstream("open-meteo", "latitude/longitude missing");
  const zone = typeof b.timezone === "string" ? b.timezone : "UTC";
  const offset = num(b.utc_offset_seconds) ?? 0;
  const toUtc = (t: unknown) => (typeof t === "string" ? localToUtcIso(t, zone, offset) : null);

  const hourly = readHourly(b.hourly as Block | undefined, b.hourly_units as Block | undefined, toUtc);
  const daily = readDaily(b.daily as Block | undefined, b.daily_units as Block | undefined, toUtc);
  const current = readCurrent(b, toUtc, hourly, fetchedAt);
  const minutely = readMinutely15(b.minutely_15 as Block | undefined, b.minutely_15_units as Block | undefined, toUtc);
  return {
    provider: "open-meteo",
    providerVersion: "v1",
    attribution: OPEN_METEO_ATTRIBUTION,
    fetchedAt: fetchedAt.toISOString(),
    lat,
    lng,
    timezone: zone,
    current,
    hourly,
    daily,
    alerts: [],
    minutely,
  };
}

/**
 * `minutely_15.precipitation` is the sum over the 15 minutes before `time` (Open-Meteo's convention
 * for every accumulated variable): the step starts 15 minutes earlier, intensity = 4 x the sum.
 */
function readMinutely15(
  m: Block | undefined,
  u: Block | undefined,
  toUtc: (t: unknown) => string | null,
): MinutelySeries | null {
  const times = Array.isArray(m?.time) ? (m!.time as unknown[]) : [];
  if (times.length === 0 || field(m, "precipitation") === undefined) return null;
  const points: MinutelyPoint[] = [];
  times.forEach((t, i) => {
    const end = toUtc(t);
    if (!end) return;
    const mm = value(m, u, "precipitation", i);
    points.push({
      time: new Date(Date.parse(end) - 15 * 60_000).toISOString(),
      precipitationMmH: mm === null ? null : Math.round(mm * 4 * 100) / 100,
    });
  });
  return points.length ? { stepMinutes: 15, points } : null;
}

/**
 * Open-Meteo labels an hourly row by the END of what it sums: `precipitation` (and `rain`,
 * `showers`, `snowfall`) at T is the sum over [T-1h, T), `precipitation_probability` is for
 * more than 0.1 mm in the preceding hour and `wind_gusts_10m` is the preceding hour's maximum.
 * We store rows by the hour they start, so those values move to the row of T-1h (the last row
 * has none: it would need the next label). Instantaneous variables (temperature, humidity, wind
 * speed/direction, cloud, visibility, UV, weather code, is_day) stay at T. docs/weather.md
 * "Variable definitions" has the table for both adapters.
 */
function readHourly(h: Block | undefined, u: Block | undefined, toUtc: (t: unknown) => string | null): HourlyPoint[] {
  const times = Array.isArray(h?.time) ? (h!.time as unknown[]) : [];
  const out: HourlyPoint[] = [];
  // The row labelled T+1h carries the sums and maxima of [T, T+1h).
  const next = (i: number): number | undefined => {
    const t = toUtc(times[i]);
    const n = toUtc(times[i + 1]);
    return t && n && Date.parse(n) - Date.parse(t) === 3_600_000 ? i + 1 : undefined;
  };
  times.forEach((t, i) => {
    const time = toUtc(t);
    if (!time) return;
    const isDay = num(Array.isArray(field(h, "is_day")) ? (field(h, "is_day") as unknown[])[i] : undefined);
    out.push({
      time,
      temperatureC: value(h, u, "temperature_2m", i),
      feelsLikeC: value(h, u, "apparent_temperature", i),
      humidityPct: value(h, u, "relative_humidity_2m", i),
      windSpeedMs: value(h, u, "wind_speed_10m", i),
      windGustMs: (() => {
        const j = next(i);
        return j === undefined ? null : value(h, u, "wind_gusts_10m", j);
      })(),
      windDirectionDeg: value(h, u, "wind_direction_10m", i),
      cloudCoverPct: value(h, u, "cloud_cover", i),
      visibilityM: value(h, u, "visibility", i),
      uvIndex: value(h, u, "uv_index", i),
      precipitationMm: (() => {
        const j = next(i);
        return j === undefined ? null : value(h, u, "precipitation", j);
      })(),
      // Older/partial responses only carry per-type probabilities: use the rain one.
      precipitationProbabilityPct: (() => {
        const j = next(i);
        return j === undefined ? null : firstOf(h, u, ["precipitation_probability", "rain_probability"], j);
      })(),
      weatherCode: value(h, u, "weather_code", i),
      isDay: isDay === null ? null : isDay === 1,
    });
  });
  return out;
}

function readDaily(d: Block | undefined, u: Block | undefined, toUtc: (t: unknown) => string | null): DailyPoint[] {
  const times = Array.isArray(d?.time) ? (d!.time as unknown[]) : [];
  const at = (name: string, i: number) => {
    const arr = field(d, name);
    return Array.isArray(arr) ? arr[i] : undefined;
  };
  return times
    .map((t, i): DailyPoint | null => {
      if (typeof t !== "string") return null;
      return {
        date: t.slice(0, 10),
        sunrise: toUtc(at("sunrise", i)),
        sunset: toUtc(at("sunset", i)),
        temperatureMinC: value(d, u, "temperature_2m_min", i),
        temperatureMaxC: value(d, u, "temperature_2m_max", i),
        feelsLikeMinC: value(d, u, "apparent_temperature_min", i),
        feelsLikeMaxC: value(d, u, "apparent_temperature_max", i),
        humidityPct: value(d, u, "relative_humidity_2m_mean", i),
        windSpeedMs: value(d, u, "wind_speed_10m_max", i),
        windGustMs: value(d, u, "wind_gusts_10m_max", i),
        windDirectionDeg: value(d, u, "wind_direction_10m_dominant", i),
        cloudCoverPct: value(d, u, "cloud_cover_mean", i),
        precipitationMm: value(d, u, "precipitation_sum", i),
        precipitationProbabilityPct: firstOf(
          d,
          u,
          ["precipitation_probability_max", "precipitation_probability_mean"],
          i,
        ),
        uvIndexMax: value(d, u, "uv_index_max", i),
        weatherCode: value(d, u, "weather_code", i),
      };
    })
    .filter((x): x is DailyPoint => x !== null);
}

/** `current` (15-minute), legacy `current_weather`, or the hourly step covering now. */
function readCurrent(
  b: Record<string, unknown>,
  toUtc: (t: unknown) => string | null,
  hourly: HourlyPoint[],
  fetchedAt: Date,
): CurrentConditions {
  const c = (b.current ?? b.current_weather) as Block | undefined;
  const cu = (b.current_units ?? b.current_weather_units) as Block | undefined;
  const hour = hourAt(hourly, fetchedAt);
  if (c) {
    const isDay = num(field(c, "is_day"));
    return {
      observedAt: toUtc(field(c, "time")) ?? fetchedAt.toISOString(),
      temperatureC: firstOf(c, cu, ["temperature_2m", "temperature"]) ?? hour?.temperatureC ?? null,
      feelsLikeC: value(c, cu, "apparent_temperature") ?? hour?.feelsLikeC ?? null,
      humidityPct: value(c, cu, "relative_humidity_2m") ?? hour?.humidityPct ?? null,
      pressureHpa: firstOf(c, cu, ["pressure_msl", "surface_pressure"]),
      windSpeedMs: firstOf(c, cu, ["wind_speed_10m", "windspeed"]) ?? hour?.windSpeedMs ?? null,
      windGustMs: value(c, cu, "wind_gusts_10m") ?? hour?.windGustMs ?? null,
      windDirectionDeg: firstOf(c, cu, ["wind_direction_10m", "winddirection"]) ?? hour?.windDirectionDeg ?? null,
      cloudCoverPct: value(c, cu, "cloud_cover") ?? hour?.cloudCoverPct ?? null,
      visibilityM: value(c, cu, "visibility") ?? hour?.visibilityM ?? null,
      uvIndex: value(c, cu, "uv_index") ?? hour?.uvIndex ?? null,
      precipitationMm: value(c, cu, "precipitation") ?? hour?.precipitationMm ?? null,
      weatherCode: value(c, cu, "weather_code") ?? hour?.weatherCode ?? null,
      isDay: isDay === null ? (hour?.isDay ?? null) : isDay === 1,
    };
  }
  return {
    observedAt: hour?.time ?? fetchedAt.toISOString(),
    temperatureC: hour?.temperatureC ?? null,
    feelsLikeC: hour?.feelsLikeC ?? null,
    humidityPct: hour?.humidityPct ?? null,
    pressureHpa: null,
    windSpeedMs: hour?.windSpeedMs ?? null,
    windGustMs: hour?.windGustMs ?? null,
    windDirectionDeg: hour?.windDirectionDeg ?? null,
    cloudCoverPct: hour?.cloudCoverPct ?? null,
    visibilityM: hour?.visibilityM ?? null,
    uvIndex: hour?.uvIndex ?? null,
    precipitationMm: hour?.precipitationMm ?? null,
    weatherCode: hour?.weatherCode ?? null,
    isDay: hour?.isDay ?? null,
  };
}
