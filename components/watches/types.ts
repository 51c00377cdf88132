import type { Schemas } from "@/lib/client/api-client";

/** Watch shapes of /v1/weather/watch: the types generated from the OpenAPI document. */
export type WatchSummary = Schemas["WatchListItem"];
export type WatchDetail = Schemas["Watch"];
export type WatchStatus = WatchDetail["status"];
export type ChangeRules = WatchDetail["change_rules"];
export type Metrics = NonNullable<WatchDetail["latest_snapshot"]>["metrics"];

export interface WeatherEnvelope<T> {
  data: T;
  meta: Record<string, unknown>;
}

export const WATCHES_QUERY = ["watches"] as const;
export const watchQueryKey = (id: string) => ["watches", id] as const;

export const ACTIVITIES = [
  "walking",
  "walking_tour",
  "hiking",
  "beach",
  "dining",
  "outdoor_dining",
  "museum",
  "shopping",
  "driving",
  "train",
  "ferry",
  "cycling",
  "airport_transfer",
  "event",
  "sightseeing",
  "free_time",
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
