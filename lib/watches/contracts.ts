import { z } from "zod";
import { areaContract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import {
  CreateWatchInput,
  ListWatchesQuery,
  WatchCreatedSchema,
  WatchIdParams,
  WatchListItemSchema,
  WatchSchema,
  WatchStatusChange,
} from "./schemas";

const contract = areaContract({ auth: sessionOrApiKey("weather:watch"), tags: ["Watches"], family: "weather" });
/** Creating or resuming a watch also checks the active-watch cap (lib/billing/active-watches.ts). */
const watchCap = {
  402: { description: "billing_limit_reached: the plan excludes watches (details.dimension = active_watches)" },
  429: { description: "rate_limit_exceeded: a monthly cap or the active-watch cap is reached (details.dimension)" },
};

export const watchContracts = {
  createWatch: contract({
    operationId: "watches.create",
    examples: {
      body: {
        target_type: "place",
        target_ref: { place_id: "plc_lisbon_miradouro_santa_luzia" },
        latitude: 38.7118,
        longitude: -9.1303,
        place_type: "viewpoint",
        activity_type: "walking_tour",
        outdoor: true,
        starts_at: "2027-05-04T08:00:00Z",
        ends_at: "2027-05-04T14:00:00Z",
        webhook_url: "https://hooks.example.com/skycast/watch",
        change_rules: { precipitation_probability_delta: 20, wind_kph_delta: 15, detect_severe_alerts: true },
      },
    },
    method: "POST",
    path: "/v1/weather/watch",
    audit: {
      action: "watch.created",
      target: ({ data }) => `watch:${data.watch_id}`,
      summary: ({ data }) => ({ target_type: data.target_type, starts_at: data.starts_at, ends_at: data.ends_at }),
    },
    summary: "Create a watch",
    description:
      "Monitors a place, timeline item, route window or trip during [starts_at, ends_at] and delivers signed events either to webhook_url (signed with the account's watch signing secret) or through webhook_id, a registered active endpoint of the account (its secret, rotation, throttle, attempts, auto-disable and subscriptions apply; 400 when unknown or subscribed to no watch event type, 409 when disabled); exactly one of the two. change_rules fields missing from the body take the defaults. target_type trip (target_ref {trip_id}; the caller must be a member of the trip, else 404) follows the trip's itinerary: every event with a place that starts inside the window (default: the trip's span) is rated at its own place with its own activity profile, events added, moved or removed are followed from the next refresh, and weather.change_detected names trip_id, event_ids and each event's previous and new risk; latitude, longitude, place_type, activity_type, outdoor, starts_at and ends_at are then optional, and planner_threshold (watch or warning, default warning) sets the level at which an outdoor event makes the weather planner propose. The request body schema carries a trip example. Bills 1 unit, then 1 unit per active day inside the window. 402/429 with details.dimension = active_watches when the plan excludes watches or the active-watch cap is reached.",
    body: CreateWatchInput,
    meter: weatherMeter({ endpoint: "weather.watch.create", charge: 1 }),
    responses: {
      201: { description: "The created watch", schema: WatchCreatedSchema },
      404: {
        description: "not_found: target_type trip and the trip does not exist or the caller is not one of its members",
      },
      409: { description: "conflict: the endpoint named by webhook_id is disabled" },
      ...watchCap,
    },
  }),
  listWatches: contract({
    operationId: "watches.list",
    examples: { query: { status: "active", limit: 20 } },
    method: "GET",
    path: "/v1/weather/watch",
    summary: "List watches",
    description:
      "The account's watches, newest first; status and trip_id (trip watches of that trip) filter. Cursor pagination: pass next_cursor as cursor. Bills 0 units.",
    query: ListWatchesQuery,
    meter: weatherMeter({ endpoint: "weather.watch.list", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "A page of watches",
        schema: z.object({
          watches: z.array(WatchListItemSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
  getWatch: contract({
    operationId: "watches.get",
    examples: { params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90" } },
    method: "GET",
    path: "/v1/weather/watch/{watch_id}",
    summary: "Get a watch",
    description:
      "Full read shape with latest_snapshot (freshness_band, metrics, alerts), latest_risk and recent_change_events. Bills 1 unit with an API key; 0 units (and no quota) with the portal session, whose own reads are never billed.",
    params: WatchIdParams,
    meter: weatherMeter({ endpoint: "weather.watch.get", charge: 1, sessionReadsFree: true }),
    responses: { 200: { description: "The watch", schema: WatchSchema } },
  }),
  cancelWatch: contract({
    operationId: "watches.cancel",
    examples: { params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90" } },
    method: "DELETE",
    path: "/v1/weather/watch/{watch_id}",
    audit: { action: "watch.cancelled", target: ({ params }) => `watch:${params.watch_id}` },
    summary: "Cancel a watch",
    description:
      "Active or paused -> cancelled; expired_at is set to now and refreshes stop. Idempotent for a cancelled watch; 409 for an expired or failed one. Bills 1 unit.",
    params: WatchIdParams,
    meter: weatherMeter({ endpoint: "weather.watch.cancel", charge: 1 }),
    responses: {
      200: { description: "Cancelled", schema: WatchStatusChange },
      409: { description: "Watch is expired or failed" },
    },
  }),
  pauseWatch: contract({
    operationId: "watches.pause",
    examples: { params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90" } },
    method: "POST",
    path: "/v1/weather/watch/{watch_id}/pause",
    audit: { action: "watch.paused", target: ({ params }) => `watch:${params.watch_id}` },
    summary: "Pause a watch",
    description:
      "Active -> paused: refreshes and daily billing stop and the watch no longer counts as active. Idempotent. Bills 0 units.",
    params: WatchIdParams,
    meter: weatherMeter({ endpoint: "weather.watch.pause", charge: 0 }),
    responses: {
      200: { description: "Paused", schema: WatchStatusChange },
      409: { description: "Watch is not active" },
    },
  }),
  resumeWatch: contract({
    operationId: "watches.resume",
    examples: { params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90" } },
    method: "POST",
    path: "/v1/weather/watch/{watch_id}/resume",
    audit: { action: "watch.resumed", target: ({ params }) => `watch:${params.watch_id}` },
    summary: "Resume a paused watch",
    description:
      "Paused -> active with a refresh due at once; checked against the active_watches cap. 409 once the window has ended. Bills 0 units.",
    params: WatchIdParams,
    meter: weatherMeter({ endpoint: "weather.watch.resume", charge: 0 }),
    responses: {
      200: { description: "Active again", schema: WatchStatusChange },
      409: { description: "Watch is not paused or its window ended" },
      ...watchCap,
    },
  }),
};
