import path from "node:path";
import { overrideEnv } from "@/lib/testing/override-env";
import { startFixtureServer, type FixtureServer } from "./fixture-server";
import { fixtureText } from "./fixtures";

/**
 * Test-only: a stand-in for the weather providers (issue 39). One real loopback HTTP server answers
 * at the paths the real adapters call, so tests drive the adapters exactly as production does:
 *   Open-Meteo        /v1/forecast (and /v1/air-quality, /v1/marine)
 *   MeteoAlarm        /feeds/meteoalarm-legacy-atom-<country>, CAP documents under /api/v1/warnings/
 *   MET Norway        /weatherapi/metalerts/2.0/current.json and its CAP files
 *   NWS               /alerts/active?point=
 * `pointAdaptersHere()` sets the base-URL settings (OPEN_METEO_BASE_URL, METEOALARM_BASE_URL,
 * MET_NORWAY_BASE_URL, NWS_BASE_URL), turns the alert sources on and loads the hand-made region
 * boundaries; it returns the function that puts the environment back.
 */
export interface ProviderStandIn {
  server: FixtureServer;
  baseUrl: string;
  openMeteo(body: unknown): void;
  meteoalarmFeed(countrySlug: string, atomXml: string): void;
  /** A CAP document by its path under /api/v1/warnings/, or a failure status (e.g. 503). */
  meteoalarmCap(pathUnderWarnings: string, answer: string | { status: number }): void;
  metNorway(indexJson: string, capXml: string): void;
  nws(body: string): void;
  pointAdaptersHere(extra?: Record<string, string>): () => void;
  close(): Promise<void>;
}

export const TEST_ALERT_REGIONS = path.resolve(import.meta.dirname, "alert-regions.handmade.json");

export async function startProviderStandIn(): Promise<ProviderStandIn> {
  const server = await startFixtureServer();
  const xml = (type: string) => ({ "content-type": type });
  return {
    server,
    baseUrl: server.baseUrl,
    openMeteo: (body) => server.serve("/v1/forecast", { body: typeof body === "string" ? body : JSON.stringify(body) }),
    meteoalarmFeed: (slug, atom) =>
      server.serve(`/feeds/meteoalarm-legacy-atom-${slug}`, { body: atom, headers: xml("application/atom+xml") }),
    meteoalarmCap: (p, answer) =>
      server.serve(
        `/api/v1/warnings/${p}`,
        typeof answer === "string"
          ? { body: answer, headers: xml("application/cap+xml") }
          : { status: answer.status, body: "upstream error" },
      ),
    metNorway: (index, cap) => {
      server.serve("/weatherapi/metalerts/2.0/current.json", { body: index });
      server.serve("/weatherapi/metalerts/2.0/current", { body: cap, headers: xml("application/xml") });
    },
    nws: (body) => server.serve("/alerts/active", { body, headers: xml("application/geo+json") }),
    pointAdaptersHere(extra = {}) {
      const env: Record<string, string> = {
        WEATHER_PROVIDER: "open-meteo",
        WEATHER_SUPPLEMENTS: "none",
        WEATHER_ALERT_SOURCES: "nws,met-norway,meteoalarm",
        WEATHER_ALERT_FEED_TTL_S: "0",
        WEATHER_ALERT_REGIONS_FILE: TEST_ALERT_REGIONS,
        OPEN_METEO_BASE_URL: server.baseUrl,
        METEOALARM_BASE_URL: server.baseUrl,
        MET_NORWAY_BASE_URL: server.baseUrl,
        NWS_BASE_URL: server.baseUrl,
        ...extra,
      };
      return overrideEnv(env);
    },
    close: () => server.close(),
  };
}

/**
 * An Open-Meteo forecast answer for `hours` hours from `firstHourUtcMs` (UTC zone), shaped like the
 * recorded response (its units and variable names), every hour calm and dry except `precipitation`,
 * given by the hour LABEL as Open-Meteo sends it (the sum over the hour before the label).
 */
export function openMeteoAnswer(
  firstHourUtcMs: number,
  hours: number,
  precipitationByLabel: Record<number, number> = {},
): string {
  const recorded = JSON.parse(fixtureText("open-meteo/frenck-python-open-meteo_forecast.json")) as Record<string, any>;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  const hourly: Record<string, unknown[]> = { time: [] };
  const calm: Record<string, number> = {
    temperature_2m: 16,
    apparent_temperature: 16,
    relative_humidity_2m: 60,
    wind_speed_10m: 3,
    wind_gusts_10m: 5,
    wind_direction_10m: 200,
    cloud_cover: 20,
    visibility: 20000,
    uv_index: 2,
    precipitation: 0,
    precipitation_probability: 5,
    weather_code: 1,
    is_day: 1,
  };
  for (const k of Object.keys(calm)) hourly[k] = [];
  for (let i = 0; i < hours; i++) {
    const t = firstHourUtcMs + i * 3_600_000;
    hourly.time.push(iso(t));
    for (const [k, v] of Object.entries(calm))
      hourly[k].push(
        k === "precipitation"
          ? (precipitationByLabel[t] ?? 0)
          : k === "precipitation_probability"
            ? precipitationByLabel[t]
              ? 90
              : v
            : k === "weather_code"
              ? precipitationByLabel[t]
                ? 63
                : v
              : v,
      );
  }
  const units = { ...recorded.hourly_units, wind_speed_10m: "m/s", wind_gusts_10m: "m/s" };
  return JSON.stringify({
    latitude: recorded.latitude,
    longitude: recorded.longitude,
    generationtime_ms: 0.5,
    utc_offset_seconds: 0,
    timezone: "GMT",
    timezone_abbreviation: "GMT",
    elevation: recorded.elevation,
    hourly_units: units,
    hourly,
  });
}

/** One MeteoAlarm Atom entry, in the recorded France feed's shape. */
export interface AtomEntrySpec {
  identifier: string;
  /** Omitted: the entry says no cap:message_type. */
  messageType?: "Alert" | "Update" | "Cancel";
  event: string;
  severity: "Minor" | "Moderate" | "Severe" | "Extreme";
  areaDesc: string;
  geocode: { valueName: string; value: string };
  sent: string;
  onset: string;
  expires: string;
  /** Path of its CAP document under /api/v1/warnings/. */
  capPath: string;
}

export function meteoalarmAtom(country: string, entries: AtomEntrySpec[]): string {
  const recorded = fixtureText("meteoalarm/meteoalarm_france_feed_trimmed.xml");
  const header = recorded.slice(0, recorded.indexOf("<entry>"));
  const body = entries
    .map(
      (e) => `<entry>
    <cap:geocode><valueName>${e.geocode.valueName}</valueName><value>${e.geocode.value}</value></cap:geocode>
    <cap:areaDesc>${e.areaDesc}</cap:areaDesc>
    <cap:event>${e.event}</cap:event>
    <cap:sent>${e.sent}</cap:sent>
    <cap:expires>${e.expires}</cap:expires>
    <cap:effective>${e.sent}</cap:effective>
    <cap:onset>${e.onset}</cap:onset>
    <cap:certainty>Likely</cap:certainty>
    <cap:severity>${e.severity}</cap:severity>
    <cap:urgency>Expected</cap:urgency>
    <cap:scope>Public</cap:scope>
    ${e.messageType ? `<cap:message_type>${e.messageType}</cap:message_type>` : ""}
    <cap:status>Actual</cap:status>
    <cap:identifier>${e.identifier}</cap:identifier>
    <link href="https://feeds.meteoalarm.org/api/v1/warnings/${e.capPath}" type="application/cap+xml"/>
    <title>${e.event} issued for ${country} - ${e.areaDesc}</title>
  </entry>`,
    )
    .join("\n");
  return `${header}${body}\n</feed>\n`;
}
