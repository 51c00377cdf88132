import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { AlertSeverity, WeatherAlert } from "../types";
import { fetchUpstreamJson } from "./http";

/**
 * Optional alert source for providers without alerts (Open-Meteo): the US National
 * Weather Service `/alerts/active?point=lat,lng` GeoJSON feed. Switched on with
 * WEATHER_ALERTS_SOURCE=nws. Alerts are a best-effort extra: a failure yields [].
 */
export async function fetchNwsAlerts(lat: number, lng: number, opts: { baseUrl?: string; timeoutMs?: number } = {}): Promise<WeatherAlert[]> {
  const e = env();
  const base = (opts.baseUrl ?? e.NWS_BASE_URL).replace(/\/$/, "");
  try {
    const body = await fetchUpstreamJson(`${base}/alerts/active?point=${lat.toFixed(4)},${lng.toFixed(4)}`, {
      provider: "nws",
      timeoutMs: opts.timeoutMs ?? e.WEATHER_PROVIDER_TIMEOUT_MS,
      // api.weather.gov asks every client to identify itself.
      headers: { "user-agent": "weather-trips-platform (ops@example.com)", accept: "application/geo+json" },
    });
    return normalizeNwsAlerts(body);
  } catch (err) {
    log.warn("nws alerts unavailable", { error: (err as Error).message });
    return [];
  }
}

const SEVERITY: Record<string, AlertSeverity> = { minor: "minor", moderate: "moderate", severe: "severe", extreme: "extreme" };

export function normalizeNwsAlerts(body: unknown): WeatherAlert[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  const out: WeatherAlert[] = [];
  for (const f of features) {
    const p = (f as { properties?: Record<string, unknown> })?.properties;
    if (!p || typeof p.event !== "string") continue;
    const iso = (v: unknown) => (typeof v === "string" && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
    out.push({
      id: String(p.id ?? (f as { id?: unknown }).id ?? p.event),
      event: p.event,
      severity: SEVERITY[String(p.severity ?? "").toLowerCase()] ?? "unknown",
      starts: iso(p.onset) ?? iso(p.effective),
      // `ends` may be null and `expires` may be earlier than `ends`: prefer ends.
      ends: iso(p.ends) ?? iso(p.expires),
      source: String(p.senderName ?? "National Weather Service"),
      description: typeof p.headline === "string" ? p.headline : null,
    });
  }
  return out;
}
