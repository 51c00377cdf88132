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
} from "./core/types";
export { getSnapshot, type Snapshot, type GetSnapshotOptions, type SnapshotResult } from "./io/snapshots/get-snapshot";
export { evaluateWeather, type EvaluateWeatherOptions } from "./evaluate-weather";
export { evaluateWindow, type WindowMetrics } from "./core/evaluate-window";
export type { Risk, RiskReason } from "./core/risk/types";
export { ACTIVITY_TYPES, TRANSPORT_MODES, type TransportMode } from "./core/risk/profiles";
export { injectSimulatedWeather, type SimulationInput } from "./io/simulations";
export { cellFor, type Cell } from "./core/cells";
export { providerIdFor } from "./io/providers/select";
export { upstreamSettings } from "./io/providers/upstream-settings";
export { isBudgetDenied, type UpstreamPriority } from "./io/snapshots/upstream-budget";
