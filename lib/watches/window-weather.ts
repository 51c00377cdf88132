/** The weather core's window evaluation (docs/weather.md), adapted to watch types. */
import type { WatchAlert, WatchMetrics } from "@/drizzle/schema";
import { evaluateWeather, type TransportMode, type WeatherAlert } from "@/lib/weather";

export interface WindowWeather {
  snapshotId: string;
  provider: string;
  fetchedAt: Date;
  validFrom: Date;
  validTo: Date;
  cacheStatus: string;
  metrics: WatchMetrics;
  alerts: WatchAlert[];
  risk: { level: string; recommendation: string | null; reasons: Array<{ code: string; level: string; message: string }> };
}

export async function fetchWindowWeather(w: {
  lat: number;
  lng: number;
  environment: "production" | "sandbox";
  start: Date;
  end: Date;
  activityType: string;
  transportMode: string | null;
  forceRefresh: boolean;
}): Promise<WindowWeather> {
  const r = await evaluateWeather({
    lat: w.lat,
    lng: w.lng,
    environment: w.environment,
    startMs: w.start.getTime(),
    endMs: w.end.getTime(),
    activityType: w.activityType,
    transportMode: (w.transportMode ?? undefined) as TransportMode | undefined,
    forceRefresh: w.forceRefresh,
  });
  const m = r.metrics;
  return {
    snapshotId: r.snapshot.id,
    provider: r.snapshot.provider,
    fetchedAt: new Date(r.snapshot.fetchedAt),
    validFrom: new Date(r.snapshot.validFrom),
    validTo: new Date(r.snapshot.validTo),
    cacheStatus: r.cacheStatus,
    metrics: {
      precipitation_probability: m.precipitation_probability ?? null,
      precipitation_intensity_mm_h: m.precipitation_intensity_mm_h ?? null,
      temperature_c: m.temperature_c ?? null,
      feels_like_c: m.feels_like_c ?? null,
      wind_speed_kph: m.wind_speed_kph ?? null,
      wind_gust_kph: m.wind_gust_kph ?? null,
      uv_index: m.uv_index ?? null,
      visibility_km: m.visibility_km ?? null,
    },
    alerts: (m.alerts ?? []).map((a: WeatherAlert) => ({
      id: a.id,
      event: a.event,
      severity: a.severity,
      starts: a.starts ?? null,
      ends: a.ends ?? null,
      source: a.source ?? null,
    })),
    risk: { level: r.risk.level, recommendation: r.risk.recommendation ?? null, reasons: r.risk.reasons },
  };
}
