/** The weather core's window evaluation (docs/weather.md), adapted to watch types. */
import type { WatchAlert, WatchMetrics } from "@/drizzle/schema";
import { evaluateWindow, type SnapshotResult, type TransportMode, type WeatherAlert } from "@/lib/weather";

export interface WindowWeather {
  snapshotId: string;
  provider: string;
  fetchedAt: Date;
  validFrom: Date;
  validTo: Date;
  cacheStatus: string;
  metrics: WatchMetrics;
  alerts: WatchAlert[];
  risk: {
    level: string;
    recommendation: string | null;
    reasons: Array<{ code: string; level: string; message: string }>;
  };
}

/** Evaluates a watch's window on its cell's snapshot (pure: the snapshot is fetched once per cell by the caller). */
export function windowWeatherFrom(
  r: SnapshotResult,
  w: { start: Date; end: Date; activityType: string; transportMode: string | null },
): WindowWeather {
  const { metrics: m, risk } = evaluateWindow(r.snapshot.forecast, {
    startMs: w.start.getTime(),
    endMs: w.end.getTime(),
    activityType: w.activityType,
    transportMode: (w.transportMode ?? undefined) as TransportMode | undefined,
  });
  return {
    snapshotId: r.snapshot.id,
    provider: r.snapshot.provider,
    fetchedAt: new Date(r.snapshot.fetchedAt),
    validFrom: new Date(r.snapshot.validFrom),
    validTo: new Date(r.snapshot.validTo),
    cacheStatus: r.cacheStatus,
    metrics: watchMetrics(m),
    alerts: (m.alerts ?? []).map(watchAlert),
    risk: { level: risk.level, recommendation: risk.recommendation ?? null, reasons: risk.reasons },
  };
}

type EvaluatedMetrics = ReturnType<typeof evaluateWindow>["metrics"];

/** A window's metrics as a watch stores and serves them (place watches and each event of a trip watch). */
export function watchMetrics(m: EvaluatedMetrics): WatchMetrics {
  return {
    precipitation_probability: m.precipitation_probability ?? null,
    precipitation_intensity_mm_h: m.precipitation_intensity_mm_h ?? null,
    temperature_c: m.temperature_c ?? null,
    feels_like_c: m.feels_like_c ?? null,
    wind_speed_kph: m.wind_speed_kph ?? null,
    wind_gust_kph: m.wind_gust_kph ?? null,
    uv_index: m.uv_index ?? null,
    visibility_km: m.visibility_km ?? null,
  };
}

/** An alert as a watch stores it: with its CAP identifier and references, which once-per-alert notices key on. */
export function watchAlert(a: WeatherAlert): WatchAlert {
  return {
    id: a.id,
    event: a.event,
    severity: a.severity,
    starts: a.starts ?? null,
    ends: a.ends ?? null,
    source: a.source ?? null,
    area: a.area ?? null,
    cap_identifier: a.capIdentifier ?? null,
    references: a.references ?? [],
  };
}
