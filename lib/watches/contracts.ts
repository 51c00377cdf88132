import { z } from "zod";
import { contract, type HandlerContext } from "@/lib/http/route";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { CreateWatchInput, ListWatchesQuery, WatchCreatedSchema, WatchIdParams, WatchListItemSchema, WatchSchema, WatchStatusChange } from "./schemas";

const auth = sessionOrApiKey("weather:watch");
type Auth = typeof auth;
const units = (n: number) => () => ({ units: n });
const errors = {
  400: { description: "Invalid request (bad_request) with details naming the field" },
  401: { description: "Missing or invalid credentials" },
  402: { description: "billing_limit_reached: the plan excludes watches (details.dimension = active_watches)" },
  403: { description: "Key lacks the weather:watch scope" },
  404: { description: "No such watch for this account" },
  429: { description: "rate_limit_exceeded: a monthly cap is reached (details.dimension)" },
};

export const watchContracts = {
  createWatch: contract({
    operationId: "watches.create",
    method: "POST",
    path: "/v1/weather/watch",
    summary: "Create a watch",
    description:
      "Monitors a place, timeline item, route window or trip during [starts_at, ends_at] and delivers signed events to webhook_url (signed with the account's watch signing secret). change_rules fields missing from the body take the defaults. Bills 1 unit, then 1 unit per active day inside the window. 402/429 with details.dimension = active_watches when the plan excludes watches or the active-watch cap is reached.",
    tags: ["Watches"],
    family: "weather",
    auth,
    body: CreateWatchInput,
    meter: weatherMeter<HandlerContext<Auth, undefined, undefined, typeof CreateWatchInput>>({ endpoint: "weather.watch.create", charge: units(1) }),
    responses: { 201: { description: "The created watch", schema: WatchCreatedSchema }, ...errors },
  }),
  listWatches: contract({
    operationId: "watches.list",
    method: "GET",
    path: "/v1/weather/watch",
    summary: "List watches",
    description: "The account's watches, newest first. Cursor pagination: pass next_cursor as cursor. Bills 0 units.",
    tags: ["Watches"],
    family: "weather",
    auth,
    query: ListWatchesQuery,
    meter: weatherMeter<HandlerContext<Auth, undefined, typeof ListWatchesQuery, undefined>>({ endpoint: "weather.watch.list", charge: units(0), sessionReadsFree: true }),
    responses: {
      200: {
        description: "A page of watches",
        schema: z.object({ watches: z.array(WatchListItemSchema), has_more: z.boolean(), next_cursor: z.string().nullable() }),
      },
      ...errors,
    },
  }),
  getWatch: contract({
    operationId: "watches.get",
    method: "GET",
    path: "/v1/weather/watch/{watch_id}",
    summary: "Get a watch",
    description:
      "Full read shape with latest_snapshot (freshness_band, metrics, alerts), latest_risk and recent_change_events. Bills 1 unit with an API key; 0 units (and no quota) with the portal session, whose own reads are never billed.",
    tags: ["Watches"],
    family: "weather",
    auth,
    params: WatchIdParams,
    meter: weatherMeter<HandlerContext<Auth, typeof WatchIdParams, undefined, undefined>>({ endpoint: "weather.watch.get", charge: units(1), sessionReadsFree: true }),
    responses: { 200: { description: "The watch", schema: WatchSchema }, ...errors },
  }),
  cancelWatch: contract({
    operationId: "watches.cancel",
    method: "DELETE",
    path: "/v1/weather/watch/{watch_id}",
    summary: "Cancel a watch",
    description: "Active or paused -> cancelled; expired_at is set to now and refreshes stop. Idempotent for a cancelled watch; 409 for an expired or failed one. Bills 1 unit.",
    tags: ["Watches"],
    family: "weather",
    auth,
    params: WatchIdParams,
    meter: weatherMeter<HandlerContext<Auth, typeof WatchIdParams, undefined, undefined>>({ endpoint: "weather.watch.cancel", charge: units(1) }),
    responses: { 200: { description: "Cancelled", schema: WatchStatusChange }, 409: { description: "Watch is expired or failed" }, ...errors },
  }),
  pauseWatch: contract({
    operationId: "watches.pause",
    method: "POST",
    path: "/v1/weather/watch/{watch_id}/pause",
    summary: "Pause a watch",
    description: "Active -> paused: refreshes and daily billing stop and the watch no longer counts as active. Idempotent. Bills 0 units.",
    tags: ["Watches"],
    family: "weather",
    auth,
    params: WatchIdParams,
    meter: weatherMeter<HandlerContext<Auth, typeof WatchIdParams, undefined, undefined>>({ endpoint: "weather.watch.pause", charge: units(0) }),
    responses: { 200: { description: "Paused", schema: WatchStatusChange }, 409: { description: "Watch is not active" }, ...errors },
  }),
  resumeWatch: contract({
    operationId: "watches.resume",
    method: "POST",
    path: "/v1/weather/watch/{watch_id}/resume",
    summary: "Resume a paused watch",
    description: "Paused -> active with a refresh due at once; checked against the active_watches cap. 409 once the window has ended. Bills 0 units.",
    tags: ["Watches"],
    family: "weather",
    auth,
    params: WatchIdParams,
    meter: weatherMeter<HandlerContext<Auth, typeof WatchIdParams, undefined, undefined>>({ endpoint: "weather.watch.resume", charge: units(0) }),
    responses: { 200: { description: "Active again", schema: WatchStatusChange }, 409: { description: "Watch is not paused or its window ended" }, ...errors },
  }),
};
