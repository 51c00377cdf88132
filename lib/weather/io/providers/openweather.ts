import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type {
  AlertSeverity,
  CurrentConditions,
  DailyPoint,
  HourlyPoint,
  MinutelySeries,
  NormalizedForecast,
  WeatherAlert,
} from "@/lib/weather/core/types";
import { localDate } from "@/lib/time/zones";
import { fetchUpstreamJson, malformedUpstream } from "./http";
import type { ForecastRequest, WeatherProvider } from "./types";
import { num } from "./units-in";

export const OPENWEATHER_ATTRIBUTION = "Weather data by OpenWeather (https://openweathermap.org/)";
export type OwmUnits = "metric" | "imperial" | "standard";

/** One Call 3.0. We always request metric; other unit systems are parsed for recorded responses. */
export function openWeatherProvider(
  opts: { baseUrl?: string; apiKey?: string; timeoutMs?: number; units?: OwmUnits } = {},
): WeatherProvider {
  return {
    id: "openweather",
    async fetchForecast(req: ForecastRequest) {
      const e = env();
      const key = opts.apiKey ?? e.OPENWEATHER_API_KEY;
      if (!key) {
        throw new ApiError(
          "provider_unavailable",
          "The openweather provider is selected but OPENWEATHER_API_KEY is not set.",
          {
            details: { provider: "openweather", upstream_status: null, upstream_reason: "missing OPENWEATHER_API_KEY" },
          },
        );
      }
      const units = opts.units ?? "metric";
      const base = (opts.baseUrl ?? e.OPENWEATHER_BASE_URL).replace(/\/$/, "");
      const q = new URLSearchParams({ lat: req.lat.toFixed(4), lon: req.lng.toFixed(4), units, appid: key });
      const body = await fetchUpstreamJson(`${base}/data/3.0/onecall?${q}`, {
        provider: "openweather",
        timeoutMs: opts.timeoutMs ?? e.WEATHER_PROVIDER_TIMEOUT_MS,
      });
      return normalizeOneCall(body, units, new Date());
    },
  };
}

type O = Record<string, any>;

export function normalizeOneCall(body: unknown, units: OwmUnits, fetchedAt: Date): NormalizedForecast {
  if (!body || typeof body !== "object") throw malformedUpstream("openweather", "body is not an object");
  const b = body as O;
  const lat = num(b.lat);
  const lng = num(b.lon);
  if (lat === null || lng === null || !b.current) throw malformedUpstream("openweather", "lat/lon/current missing");
  const zone = typeof b.timezone === "string" ? b.timezone : "UTC";
  const T = (v: unknown) => temp(num(v), units);
  const W = (v: unknown) => speed(num(v), units);
  const iso = (s: unknown) => (num(s) === null ? null : new Date(num(s)! * 1000).toISOString());

  const c = b.current as O;
  const daySpan = (c.sunrise && c.sunset ? [num(c.sunrise), num(c.sunset)] : null) as [number, number] | null;
  const current: CurrentConditions = {
    observedAt: iso(c.dt) ?? fetchedAt.toISOString(),
    temperatureC: T(c.temp),
    feelsLikeC: T(c.feels_like),
    humidityPct: num(c.humidity),
    pressureHpa: num(c.pressure),
    windSpeedMs: W(c.wind_speed),
    windGustMs: W(c.wind_gust),
    windDirectionDeg: num(c.wind_deg),
    cloudCoverPct: num(c.clouds),
    visibilityM: num(c.visibility),
    uvIndex: num(c.uvi),
    precipitationMm: (num(c.rain?.["1h"]) ?? 0) + (num(c.snow?.["1h"]) ?? 0),
    weatherCode: wmoFromOwm(num(c.weather?.[0]?.id)),
    isDay: isDayIcon(c.weather?.[0]?.icon) ?? (daySpan ? num(c.dt)! >= daySpan[0] && num(c.dt)! < daySpan[1] : null),
  };
  const hourly: HourlyPoint[] = (Array.isArray(b.hourly) ? b.hourly : []).map((h: O) => ({
    time: iso(h.dt)!,
    temperatureC: T(h.temp),
    feelsLikeC: T(h.feels_like),
    humidityPct: num(h.humidity),
    windSpeedMs: W(h.wind_speed),
    windGustMs: W(h.wind_gust),
    windDirectionDeg: num(h.wind_deg),
    cloudCoverPct: num(h.clouds),
    visibilityM: num(h.visibility),
    uvIndex: num(h.uvi),
    precipitationMm: (num(h.rain?.["1h"]) ?? 0) + (num(h.snow?.["1h"]) ?? 0),
    precipitationProbabilityPct: num(h.pop) === null ? null : Math.round(num(h.pop)! * 100),
    weatherCode: wmoFromOwm(num(h.weather?.[0]?.id)),
    isDay: isDayIcon(h.weather?.[0]?.icon),
  }));
  const daily: DailyPoint[] = (Array.isArray(b.daily) ? b.daily : []).map((d: O) => {
    const fl =
      d.feels_like && typeof d.feels_like === "object"
        ? (Object.values(d.feels_like)
            .map((v) => T(v))
            .filter((v) => v !== null) as number[])
        : [];
    return {
      date: localDate(iso(d.dt)!, zone),
      sunrise: iso(d.sunrise),
      sunset: iso(d.sunset),
      temperatureMinC: T(d.temp?.min),
      temperatureMaxC: T(d.temp?.max),
      feelsLikeMinC: fl.length ? Math.min(...fl) : null,
      feelsLikeMaxC: fl.length ? Math.max(...fl) : null,
      humidityPct: num(d.humidity),
      windSpeedMs: W(d.wind_speed),
      windGustMs: W(d.wind_gust),
      windDirectionDeg: num(d.wind_deg),
      cloudCoverPct: num(d.clouds),
      // daily rain/snow are plain numbers (mm) in One Call.
      precipitationMm: (num(d.rain) ?? 0) + (num(d.snow) ?? 0),
      precipitationProbabilityPct: num(d.pop) === null ? null : Math.round(num(d.pop)! * 100),
      uvIndexMax: num(d.uvi),
      weatherCode: wmoFromOwm(num(d.weather?.[0]?.id)),
    };
  });
  const alerts: WeatherAlert[] = (Array.isArray(b.alerts) ? b.alerts : []).map((a: O) => ({
    id: alertId(a),
    event: String(a.event ?? "Weather alert"),
    severity: severityFromEvent(String(a.event ?? ""), Array.isArray(a.tags) ? a.tags : []),
    starts: iso(a.start),
    ends: iso(a.end),
    source: String(a.sender_name ?? "OpenWeather"),
    description: typeof a.description === "string" ? a.description : null,
  }));
  return {
    provider: "openweather",
    providerVersion: "onecall-3.0",
    attribution: OPENWEATHER_ATTRIBUTION,
    fetchedAt: fetchedAt.toISOString(),
    lat,
    lng,
    timezone: zone,
    current,
    hourly,
    daily,
    alerts,
    minutely: readMinutely(b.minutely),
  };
}

/** One Call `minutely`: the next hour by the minute, `precipitation` in mm/h (absent where OpenWeather has no nowcast). */
function readMinutely(m: unknown): MinutelySeries | null {
  if (!Array.isArray(m) || m.length === 0) return null;
  const points = m
    .map((p: O) => ({ t: num(p?.dt), v: num(p?.precipitation) }))
    .filter((p) => p.t !== null)
    .map((p) => ({ time: new Date(p.t! * 1000).toISOString(), precipitationMmH: p.v }));
  return points.length ? { stepMinutes: 1, points } : null;
}

function temp(v: number | null, units: OwmUnits): number | null {
  if (v === null) return null;
  if (units === "standard") return Math.round((v - 273.15) * 100) / 100;
  if (units === "imperial") return Math.round((((v - 32) * 5) / 9) * 100) / 100;
  return v;
}

function speed(v: number | null, units: OwmUnits): number | null {
  if (v === null) return null;
  return units === "imperial" ? Math.round(v * 0.44704 * 100) / 100 : v;
}

function isDayIcon(icon: unknown): boolean | null {
  if (typeof icon !== "string") return null;
  return icon.endsWith("d") ? true : icon.endsWith("n") ? false : null;
}

function alertId(a: O): string {
  return "owm_" + createHash("sha256").update(`${a.sender_name}|${a.event}|${a.start}`).digest("hex").slice(0, 16);
}

/**
 * One Call alerts carry no severity. We derive it from the NWS-style product name
 * (NWS Directive 10-1701 naming: Warning > Watch > Advisory > Statement).
 */
export function severityFromEvent(event: string, tags: unknown[]): AlertSeverity {
  const e = event.toLowerCase();
  if (/tornado warning|hurricane warning|extreme|tsunami warning|storm surge warning/.test(e)) return "extreme";
  if (/warning/.test(e)) return "severe";
  if (/watch/.test(e)) return "moderate";
  if (/advisory|statement|alert|outlook/.test(e)) return "minor";
  if (tags.some((t) => typeof t === "string" && /extreme/i.test(t))) return "extreme";
  return "unknown";
}

/**
 * OpenWeather condition id (https://openweathermap.org/weather-conditions) -> the
 * closest WMO 4677 code of our condition table.
 */
export function wmoFromOwm(id: number | null): number | null {
  if (id === null) return null;
  if (id >= 200 && id < 300) return id === 202 || id === 212 || id === 221 || id === 232 ? 99 : 95;
  if (id >= 300 && id < 400) return id === 300 || id === 310 ? 51 : id === 302 || id === 312 || id === 314 ? 55 : 53;
  if (id === 500) return 61;
  if (id === 501) return 63;
  if (id >= 502 && id <= 504) return 65;
  if (id === 511) return 66;
  if (id === 520) return 80;
  if (id === 521) return 81;
  if (id === 522 || id === 531) return 82;
  if (id === 600) return 71;
  if (id === 601) return 73;
  if (id === 602) return 75;
  if (id >= 611 && id <= 613) return 67;
  if (id === 615 || id === 616) return 73;
  if (id === 620 || id === 621) return 85;
  if (id === 622) return 86;
  if (id === 781) return 99;
  if (id >= 700 && id < 800) return 45;
  if (id === 800) return 0;
  if (id === 801) return 1;
  if (id === 802) return 2;
  if (id === 803 || id === 804) return 3;
  return null;
}
