import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { WeatherAlert } from "@/lib/weather/core/types";
import { fetchUpstreamJson } from "@/lib/weather/io/providers/http";
import { certaintyOf, isoOrNull, msgTypeOf, severityOf, urgencyOf, type AlertMessage } from "./cap";
import { resolveAlerts } from "./resolve-alerts";

/**
 * US National Weather Service: `/alerts/active?point=lat,lng` (GeoJSON whose properties are the
 * CAP fields). The API already selects the alerts covering the point, so areas carry no polygon.
 */
export const NWS_ATTRIBUTION = "Warnings: US National Weather Service (api.weather.gov, public domain)";

type Node = Record<string, unknown>;

export async function fetchNwsMessages(
  lat: number,
  lng: number,
  o: { baseUrl: string; timeoutMs: number },
): Promise<AlertMessage[]> {
  const body = await fetchUpstreamJson(
    `${o.baseUrl.replace(/\/$/, "")}/alerts/active?point=${lat.toFixed(4)},${lng.toFixed(4)}`,
    {
      provider: "nws",
      timeoutMs: o.timeoutMs,
      // api.weather.gov asks every client to identify itself.
      headers: { "user-agent": "skycast-weather-platform (ops@example.com)", accept: "application/geo+json" },
    },
  );
  return nwsMessages(body);
}

/** The NWS alerts covering a point, updates applied; a failure yields [] (alerts are an extra, never an outage). */
export async function fetchNwsAlerts(
  lat: number,
  lng: number,
  opts: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<WeatherAlert[]> {
  const e = env();
  try {
    const messages = await fetchNwsMessages(lat, lng, {
      baseUrl: opts.baseUrl ?? e.NWS_BASE_URL,
      timeoutMs: opts.timeoutMs ?? e.WEATHER_PROVIDER_TIMEOUT_MS,
    });
    return resolveAlerts(messages, { lat, lng });
  } catch (err) {
    log.warn("nws alerts unavailable", { error: (err as Error).message });
    return [];
  }
}

export function nwsMessages(body: unknown): AlertMessage[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  const out: AlertMessage[] = [];
  for (const f of features) {
    const p = (f as { properties?: Node })?.properties;
    if (!p || typeof p.event !== "string") continue;
    const refs = Array.isArray(p.references)
      ? (p.references as Node[]).map((r) => String(r?.identifier ?? "")).filter(Boolean)
      : [];
    out.push({
      identifier: String(p.id ?? (f as { id?: unknown }).id ?? p.event),
      msgType: msgTypeOf(p.messageType),
      status: typeof p.status === "string" ? p.status : "Actual",
      references: refs,
      allClear: String(p.response ?? "").toLowerCase() === "allclear",
      sent: isoOrNull(p.sent),
      event: p.event,
      headline: typeof p.headline === "string" ? p.headline : null,
      severity: severityOf(p.severity),
      certainty: certaintyOf(p.certainty),
      urgency: urgencyOf(p.urgency),
      // The API selected these alerts by the queried point: the area covers it.
      areas: [{ desc: typeof p.areaDesc === "string" ? p.areaDesc : "", polygons: [], pointSelected: true }],
      starts: isoOrNull(p.onset) ?? isoOrNull(p.effective),
      // `ends` (the hazard's end) may be null, and `expires` (the message's) earlier than it: prefer ends.
      ends: isoOrNull(p.ends) ?? isoOrNull(p.expires),
      source: typeof p.senderName === "string" ? p.senderName : "National Weather Service",
      attribution: NWS_ATTRIBUTION,
    });
  }
  return out;
}
