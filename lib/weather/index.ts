/**
 * Public API of the weather core for other areas (watches, webhooks, portal).
 * Names here are stable; everything else under lib/weather is internal.
 *
 *   getSnapshot({ lat, lng, environment, use, forceRefresh?, maxAgeMs?, staleWhileRevalidate?, priority? })
 *     -> { snapshot: { id, cell, provider, fetchedAt, validFrom, validTo, forecast }, cacheStatus }
 *   evaluateWeather({ lat, lng, environment, startMs, endMs, activityType?, transportMode?, forceRefresh? })
 *     -> { snapshot, cacheStatus, metrics, risk }
 *   evaluateWindow(forecast, { startMs, endMs, activityType?, transportMode? }) -> { metrics, risk }  (pure)
 *   cellFor / providerIdFor / upstreamSettings: which cell and provider a point uses, and the
 *     provider's update interval and upstream budget (watch refreshes group by cell with them)
 *
 * Errors: ApiError provider_unavailable (502) / weather_refresh_timeout (504); isBudgetDenied(err)
 * tells a call the upstream budget refused (no upstream call made).
 */
export type {
  CacheStatus,
  NormalizedForecast,
  HourlyPoint,
  DailyPoint,
  CurrentConditions,
  WeatherAlert,
  AlertSeverity,
  AlertCertainty,
  AlertUrgency,
  MinutelySeries,
  RiskLevel,
  SnapshotUse,
  ProviderId,
  Units,
} from "./types";
export { getSnapshot, type Snapshot, type GetSnapshotOptions, type SnapshotResult } from "./snapshots/get-snapshot";
export { evaluateWeather, type EvaluateWeatherOptions } from "./evaluate-weather";
export { evaluateWindow, type WindowMetrics } from "./evaluate-window";
export type { Risk, RiskReason } from "./risk/types";
export { ACTIVITY_TYPES, TRANSPORT_MODES, type TransportMode } from "./risk/profiles";
export { injectSimulatedWeather, type SimulationInput } from "./simulations";
export { cellFor, type Cell } from "./snapshots/cells";
export { providerIdFor } from "./providers/select";
export { upstreamSettings } from "./providers/upstream-settings";
export { isBudgetDenied, type UpstreamPriority } from "./snapshots/upstream-budget";
