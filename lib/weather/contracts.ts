import { z } from "zod";
import { WEATHER_CACHE_HEADERS } from "@/lib/http/header-docs";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { ApiError } from "@/lib/http/errors";
import { zodIssues } from "@/lib/http/parse";
import { areaContract, type HandlerContext } from "@/lib/http/contract";
import { planRoute } from "./core/route-plan";
import {
  CurrentData,
  FireWatchesData,
  ForecastData,
  RouteData,
  SimulationData,
  SimulationDeletedData,
  SimulationListData,
  TimelineData,
} from "./core/response-schemas";
import { CurrentQuery, ForecastQuery, RouteBody, SimulationBody, TimelineBody } from "./schemas";

const readAuth = sessionOrApiKey("weather:read");
const timelineAuth = sessionOrApiKey("weather:timeline");
const routeAuth = sessionOrApiKey("weather:route");
const watchAuth = sessionOrApiKey("weather:watch");
const SimulationIdParams = z.object({ simulation_id: z.string().uuid() });
/** The provider's failures, on every weather operation (the others are derived from the error table). */
const upstream = {
  502: {
    description:
      "provider_unavailable: upstream weather provider failed (details: provider, upstream_status, upstream_reason, upstream_retry_after_s when it sent Retry-After). While the area's circuit breaker is open no upstream call is made: details.circuit = open, details.retry_after_s and the Retry-After header say when it is tried again.",
  },
  504: {
    description:
      "weather_refresh_timeout: upstream did not answer in time (while the circuit is open: details.circuit = open and Retry-After, as for 502)",
  },
};

/** One bad timeline item -> 400 timeline_item_invalid with {index, field, issues}. */
function timelineItemError(_where: string, error: z.ZodError): ApiError | undefined {
  const first = error.issues.find((i) => i.path[0] === "items" && typeof i.path[1] === "number");
  if (!first) return undefined;
  const index = first.path[1] as number;
  const field = first.path.length > 2 ? String(first.path[2]) : null;
  const issues = zodIssues(error)
    .filter((i) => i.path.startsWith(`items.${index}`))
    .map((i) => ({ field: i.path.split(".").slice(2).join(".") || null, message: i.message, code: i.code }));
  return new ApiError(
    "timeline_item_invalid",
    `Timeline item ${index} is invalid: ${field ?? "item"} ${first.message}.`,
    {
      details: { index, field, issues },
    },
  );
}

/** Any route body failure -> 400 route_invalid. */
function routeError(where: string, error: z.ZodError): ApiError {
  const issues = zodIssues(error);
  const f = issues[0];
  return new ApiError("route_invalid", `Invalid route: ${f ? `${f.path || where} ${f.message}` : "body"}.`, {
    details: { location: where, issues },
  });
}

const contract = areaContract({ tags: ["Weather"], family: "weather", auth: readAuth, errors: upstream });

export const weatherContracts = {
  current: contract({
    operationId: "weather.getCurrent",
    examples: { query: { lat: 48.8566, lng: 2.3522, units: "metric", language: "en", activity_type: "hiking" } },
    method: "GET",
    path: "/v1/weather/current",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Current weather, alerts and risk for a coordinate",
    description: "Bills 1 unit. `activity_type` picks a risk profile (unknown values use the outdoor default).",
    query: CurrentQuery,
    meter: weatherMeter({ endpoint: "weather.current", charge: 1 }),
    responses: { 200: { description: "Current weather", schema: CurrentData } },
  }),
  forecast: contract({
    operationId: "weather.getForecast",
    examples: { query: { lat: 38.7223, lng: -9.1393, days: 3, granularity: "daily", units: "metric" } },
    method: "GET",
    path: "/v1/weather/forecast",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Daily or hourly forecast (1-8 days)",
    description:
      "Bills 1 unit daily, 2 hourly. `days` 1-8 (default 7; clamped). Hourly: one entry per hour from the current hour, up to days x 24.",
    query: ForecastQuery,
    meter: weatherMeter<HandlerContext<typeof readAuth, undefined, typeof ForecastQuery, undefined>>({
      endpoint: "weather.forecast",
      charge: (ctx) => ({ units: ctx.query.granularity === "hourly" ? 2 : 1 }),
    }),
    responses: { 200: { description: "Forecast", schema: ForecastData } },
  }),
  timeline: contract({
    operationId: "weather.analyseTimeline",
    examples: {
      body: {
        units: "metric",
        items: [
          {
            id: "louvre",
            start: "2027-05-05T09:30:00+02:00",
            end: "2027-05-05T12:00:00+02:00",
            lat: 48.8606,
            lng: 2.3376,
            activity_type: "museum",
            timezone: "Europe/Paris",
          },
          {
            id: "seine-cruise",
            start: "2027-05-05T18:00:00+02:00",
            end: "2027-05-05T19:30:00+02:00",
            lat: 48.8584,
            lng: 2.2945,
            activity_type: "boat_tour",
            timezone: "Europe/Paris",
          },
        ],
      },
    },
    method: "POST",
    path: "/v1/weather/timeline",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Weather risk for up to 100 timed itinerary items",
    description:
      "Bills 2 units per item. One invalid item rejects the call with timeline_item_invalid (nothing billed).",
    auth: timelineAuth,
    body: TimelineBody,
    onValidationError: timelineItemError,
    meter: weatherMeter<HandlerContext<typeof timelineAuth, undefined, undefined, typeof TimelineBody>>({
      endpoint: "weather.timeline",
      charge: (ctx) => ({ units: 2 * ctx.body.items.length, timeline_items: ctx.body.items.length }),
    }),
    responses: { 200: { description: "Per-item weather and risk, and a summary", schema: TimelineData } },
  }),
  route: contract({
    operationId: "weather.analyseRoute",
    examples: {
      body: {
        origin: { lat: 38.7223, lng: -9.1393 },
        destination: { lat: 38.8029, lng: -9.3817 },
        transport_mode: "car",
        start_time: "2027-05-06T09:00:00+01:00",
        units: "metric",
      },
    },
    method: "POST",
    path: "/v1/weather/route",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Weather risk along a route",
    description:
      "Bills 3 units per segment. Path: `polyline` (encoded string, [lat,lng] pairs or {lat,lng} objects) or a great-circle origin->destination; split every 30 min of travel or 50 km (at most 24 segments).",
    auth: routeAuth,
    body: RouteBody,
    onValidationError: routeError,
    meter: weatherMeter<HandlerContext<typeof routeAuth, undefined, undefined, typeof RouteBody>>({
      endpoint: "weather.route",
      // The segment count is a pure function of the body, so the charge is known up front.
      charge: (ctx) => ({ units: 3 * planRoute(ctx.body).segments.length, route_calls: 1 }),
    }),
    responses: { 200: { description: "Segments with weather and risk", schema: RouteData } },
  }),
  simulations: contract({
    operationId: "weather.createSimulation",
    examples: {
      body: {
        lat: 48.8566,
        lng: 2.3522,
        kind: "heavy_rain",
        starts_at: "2027-05-05T14:00:00+02:00",
        ends_at: "2027-05-05T18:00:00+02:00",
      },
    },
    method: "POST",
    path: "/v1/weather/simulations",
    audit: {
      action: "simulation.created",
      target: ({ data }) => `simulation:${data.simulation_id}`,
      summary: ({ data }) => ({
        kind: data.kind,
        geohash: data.geohash,
        starts_at: data.starts_at,
        ends_at: data.ends_at,
      }),
    },
    summary: "Inject simulated conditions (sandbox accounts only)",
    description:
      "Sandbox accounts only (403 otherwise). Overlays conditions on the simulated provider for the geohash-5 cell of lat/lng during [starts_at, ends_at) (default: now + 6 h): explicit `params` for any field the risk engine reads, on top of an optional `kind` preset (heavy_rain, rain, gusts, heat, cold, fog, thunderstorm, snow, severe_alert, freezing_rain; custom = params only). Overlapping injections apply in creation order: the latest created wins per field. Bills 0 units.",
    body: SimulationBody,
    meter: weatherMeter({ endpoint: "weather.simulations", charge: 0 }),
    responses: { 201: { description: "Stored injection", schema: SimulationData } },
  }),
  listSimulations: contract({
    operationId: "weather.listSimulations",
    method: "GET",
    path: "/v1/weather/simulations",
    summary: "List the account's injections (sandbox accounts only)",
    description:
      "The account's injections that have not ended yet, newest first (at most 200). Sandbox accounts only (403 otherwise). Bills 0 units.",
    meter: weatherMeter({ endpoint: "weather.simulations.list", charge: 0 }),
    examples: {},
    responses: { 200: { description: "Injections", schema: SimulationListData } },
  }),
  deleteSimulation: contract({
    operationId: "weather.deleteSimulation",
    method: "DELETE",
    path: "/v1/weather/simulations/{simulation_id}",
    audit: { action: "simulation.deleted", target: ({ params }) => `simulation:${params.simulation_id}` },
    summary: "Delete an injection (sandbox accounts only)",
    description:
      "Removes one of the account's injections; readers of the cell stop seeing it at once. 404 for another account's or an unknown id. Bills 0 units.",
    params: SimulationIdParams,
    meter: weatherMeter({ endpoint: "weather.simulations.delete", charge: 0 }),
    examples: {},
    responses: {
      200: { description: "Deleted", schema: SimulationDeletedData },
      404: { description: "No such injection for this account" },
    },
  }),
  fireWatches: contract({
    operationId: "weather.fireWatches",
    method: "POST",
    path: "/v1/weather/simulations/fire-watches",
    audit: {
      action: "simulation.watches_fired",
      target: () => "watches",
      summary: ({ data }) => ({ fired: data.fired }),
    },
    summary: "Refresh every active watch now (sandbox accounts only)",
    description:
      "Re-evaluates the account's active watches (at most 25) against the current simulated weather, as the scheduler would, so each emits its event and the webhook receives a real signed delivery within seconds. Sandbox accounts only (403 otherwise). Bills 0 units.",
    auth: watchAuth,
    meter: weatherMeter({ endpoint: "weather.simulations.fire_watches", charge: 0 }),
    examples: {},
    responses: { 200: { description: "What each watch emitted", schema: FireWatchesData } },
  }),
};
