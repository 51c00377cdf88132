/** Watch shapes as the portal reads them from /v1/weather/watch (see lib/watches/schemas.ts). */
export type WatchStatus = "active" | "paused" | "expired" | "failed" | "cancelled";

export interface ChangeRules {
  precipitation_probability_delta: number;
  temperature_c_delta: number;
  wind_kph_delta: number;
  uv_index_delta: number;
  detect_severe_alerts: boolean;
  detect_risk_level_change: boolean;
}

export interface WatchSummary {
  watch_id: string;
  status: WatchStatus;
  target_type: string;
  target_ref: Record<string, unknown>;
  latitude: number;
  longitude: number;
  place_type: string;
  activity_type: string;
  transport_mode: string | null;
  outdoor: boolean;
  starts_at: string;
  ends_at: string;
  webhook_url: string;
  change_rules: ChangeRules;
  next_check_at: string | null;
  created_at: string;
  last_checked_at: string | null;
  last_risk_level: string | null;
  failure_count: number;
  expired_at: string | null;
}

export interface Metrics {
  precipitation_probability: number | null;
  precipitation_intensity_mm_h: number | null;
  temperature_c: number | null;
  feels_like_c: number | null;
  wind_speed_kph: number | null;
  wind_gust_kph: number | null;
  uv_index: number | null;
  visibility_km: number | null;
}

export interface WatchDetail extends WatchSummary {
  updated_at: string;
  paused_at: string | null;
  latest_snapshot: {
    snapshot_id: string;
    forecast_type: string;
    valid_from: string | null;
    valid_to: string | null;
    fetched_at: string;
    freshness_band: "fresh" | "stale" | "expired";
    metrics: Metrics;
    alerts: Array<{ id: string; event: string; severity: string; starts: string | null; ends: string | null }>;
  } | null;
  latest_risk: { risk_assessment_id: string; level: string; recommendation: string | null; reasons: Array<{ code: string; level: string; message: string }> } | null;
  recent_change_events: Array<{ event_id: string; type: string; created_at: string; snapshot_id: string | null; data: Record<string, unknown> }>;
}

export interface WeatherEnvelope<T> {
  data: T;
  meta: Record<string, unknown>;
}

export const WATCHES_QUERY = ["watches"] as const;
export const watchQueryKey = (id: string) => ["watches", id] as const;

export const ACTIVITIES = [
  "walking", "walking_tour", "hiking", "beach", "dining", "outdoor_dining", "museum", "shopping", "driving",
  "train", "ferry", "cycling", "airport_transfer", "event", "sightseeing", "free_time",
] as const;
export const TRANSPORT_MODES = ["car", "bus", "train", "ferry", "walking", "cycling", "shuttle", "transfer"] as const;
export const TARGET_TYPES = ["place", "timeline_item", "route_window", "trip"] as const;

/** Risk level -> chip tone. */
export function riskTone(level: string | null | undefined): "success" | "warning" | "danger" | "neutral" {
  if (level === "low") return "success";
  if (level === "watch") return "warning";
  if (level === "warning" || level === "severe") return "danger";
  return "neutral";
}
