import { iso1A2Code } from "@rapideditor/country-coder";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { NormalizedForecast, WeatherAlert } from "@/lib/weather/core/types";
import type { ForecastRequest } from "@/lib/weather/io/providers/types";
import type { AlertMessage } from "./cap";
import { resolveAlerts } from "./resolve-alerts";
import { fetchMetNorway, MET_NORWAY_ATTRIBUTION } from "./met-norway";
import { fetchMeteoalarm, METEOALARM_ATTRIBUTION, METEOALARM_COUNTRIES } from "./meteoalarm";
import { fetchNwsMessages, NWS_ATTRIBUTION } from "./nws";

/**
 * Issue 31: official alerts from the service that covers a point, behind one interface.
 * Coverage is by country (country-coder's borders, territorial waters included):
 *   nws         US and its territories (api.weather.gov)
 *   met-norway  Norway and Svalbard (MetAlerts 2.0)
 *   meteoalarm  the 38 MeteoAlarm members (Atom feed per country)
 * Sources are listed national first: where two cover a point (Norway) the same CAP identifier
 * counts once and updates from either source apply to both (resolveAlerts).
 */
export const ALERT_SOURCES = ["nws", "met-norway", "meteoalarm"] as const;
export type AlertSourceId = (typeof ALERT_SOURCES)[number];

const NWS_COUNTRIES = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM"]);
const MET_NORWAY_COUNTRIES = new Set(["NO", "SJ"]);

/** WEATHER_ALERT_SOURCES, else every source in production and none elsewhere (tests never reach the internet). */
export function enabledAlertSources(): AlertSourceId[] {
  const e = env();
  const raw =
    e.WEATHER_ALERT_SOURCES ??
    (e.NODE_ENV === "production" ? ALERT_SOURCES.join(",") : e.WEATHER_ALERTS_SOURCE === "nws" ? "nws" : "none");
  if (raw === "none") return [];
  const wanted = new Set(raw.split(","));
  return ALERT_SOURCES.filter((s) => wanted.has(s));
}

function covers(source: AlertSourceId, country: string): boolean {
  if (source === "nws") return NWS_COUNTRIES.has(country);
  if (source === "met-norway") return MET_NORWAY_COUNTRIES.has(country);
  return country in METEOALARM_COUNTRIES;
}

/** The enabled sources covering a point, national first. */
export function alertSourcesFor(lat: number, lng: number): { country: string | null; sources: AlertSourceId[] } {
  const enabled = enabledAlertSources();
  if (enabled.length === 0) return { country: null, sources: [] };
  const country = iso1A2Code([lng, lat]);
  if (!country) return { country: null, sources: [] };
  // Svalbard is a MeteoAlarm member through Norway.
  const meteoalarmCountry = country === "SJ" ? "NO" : country;
  return {
    country: meteoalarmCountry,
    sources: enabled.filter((s) => covers(s, s === "meteoalarm" ? meteoalarmCountry : country)),
  };
}

const CREDIT: Record<AlertSourceId, string> = {
  nws: NWS_ATTRIBUTION,
  "met-norway": MET_NORWAY_ATTRIBUTION,
  meteoalarm: METEOALARM_ATTRIBUTION,
};

/** A country feed serves every cell of the country: fetched once per WEATHER_ALERT_FEED_TTL_S per process. */
const feedCache = new Map<string, { at: number; messages: Promise<AlertMessage[]> }>();

function meteoalarmCached(
  country: string,
  o: { baseUrl: string; timeoutMs: number; ttlMs: number },
): Promise<AlertMessage[]> {
  const key = `${o.baseUrl}|${country}`;
  const hit = feedCache.get(key);
  if (hit && Date.now() - hit.at < o.ttlMs) return hit.messages;
  const messages = fetchMeteoalarm(country, o);
  if (o.ttlMs > 0) {
    feedCache.set(key, { at: Date.now(), messages });
    messages.catch(() => feedCache.delete(key));
  }
  return messages;
}

export interface OfficialAlerts {
  alerts: WeatherAlert[];
  /** Credit lines of the sources whose alerts are in `alerts`. */
  credits: string[];
}

/** Every enabled source covering the point, in parallel; a failing source contributes nothing (logged). */
export async function fetchOfficialAlerts(lat: number, lng: number): Promise<OfficialAlerts> {
  const { country, sources } = alertSourcesFor(lat, lng);
  if (!country || sources.length === 0) return { alerts: [], credits: [] };
  const e = env();
  const timeoutMs = e.WEATHER_PROVIDER_TIMEOUT_MS;
  const fetched = await Promise.all(
    sources.map(async (s) => {
      try {
        if (s === "nws") return await fetchNwsMessages(lat, lng, { baseUrl: e.NWS_BASE_URL, timeoutMs });
        if (s === "met-norway") return await fetchMetNorway(lat, lng, { baseUrl: e.MET_NORWAY_BASE_URL, timeoutMs });
        return await meteoalarmCached(country, {
          baseUrl: e.METEOALARM_BASE_URL,
          timeoutMs,
          ttlMs: e.WEATHER_ALERT_FEED_TTL_S * 1000,
        });
      } catch (err) {
        log.warn("official alert source unavailable", { source: s, error: (err as Error).message });
        return [];
      }
    }),
  );
  const alerts = resolveAlerts(fetched.flat(), { lat, lng });
  const used = new Set(alerts.map((a) => a.attribution));
  const credits = sources.filter((s, i) => fetched[i].some((m) => used.has(m.attribution))).map((s) => CREDIT[s]);
  return { alerts, credits };
}

/**
 * Adds the official alerts to a provider's forecast (fetched in parallel with it). Applied to
 * providers that have no alerts of their own (Open-Meteo); OpenWeather keeps its own.
 */
export async function withOfficialAlerts(
  req: ForecastRequest,
  forecast: Promise<NormalizedForecast>,
): Promise<NormalizedForecast> {
  if (alertSourcesFor(req.lat, req.lng).sources.length === 0) return forecast;
  const [f, official] = await Promise.all([forecast, fetchOfficialAlerts(req.lat, req.lng)]);
  if (official.alerts.length === 0) return f;
  const ids = new Set(official.alerts.map((a) => a.id));
  return {
    ...f,
    alerts: [...official.alerts, ...f.alerts.filter((a) => !ids.has(a.id))],
    attribution: [f.attribution, ...official.credits].join("; "),
  };
}
