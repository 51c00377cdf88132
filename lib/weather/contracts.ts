import { z } from "zod";
import { WEATHER_CACHE_HEADERS } from "@/lib/http/header-docs";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { ApiError } from "@/lib/http/errors";
import { zodIssues } from "@/lib/http/parse";
import { contract, type HandlerContext } from "@/lib/http/route";
import { planRoute } from "./route-plan";
import { CurrentData, ForecastData, RouteData, SimulationData, TimelineData } from "./response-schemas";
import { CurrentQuery, ForecastQuery, RouteBody, SimulationBody, TimelineBody } from "./schemas";

const readAuth = sessionOrApiKey("weather:read");
const timelineAuth = sessionOrApiKey("weather:timeline");
const routeAuth = sessionOrApiKey("weather:route");
const errors = {
  400: { description: "Invalid request (bad_request, timeline_item_invalid, route_invalid)" },
  401: { description: "Missing or invalid credentials" },
  402: { description: "billing_limit_reached: the plan excludes this feature" },
  403: { description: "Key lacks the scope" },
  429: { description: "rate_limit_exceeded: monthly cap reached (details.dimension)" },
  502: { description: "provider_unavailable: upstream weather provider failed (details: provider, upstream_status, upstream_reason)" },
  504: { description: "weather_refresh_timeout: upstream did not answer in time" },
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
  return new ApiError("timeline_item_invalid", `Timeline item ${index} is invalid: ${field ?? "item"} ${first.message}.`, {
    details: { index, field, issues },
  });
}

/** Any route body failure -> 400 route_invalid. */
function routeError(where: string, error: z.ZodError): ApiError {
  const issues = zodIssues(error);
  const f = issues[0];
  return new ApiError("route_invalid", `Invalid route: ${f ? `${f.path || where} ${f.message}` : "body"}.`, { details: { location: where, issues } });
}

export const weatherContracts = {
  current: contract({
    operationId: "weather.getCurrent",
    method: "GET",
    path: "/v1/weather/current",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Current weather, alerts and risk for a coordinate",
    description: "Bills 1 unit. `activity_type` picks a risk profile (unknown values use the outdoor default).",
    tags: ["Weather"],
    family: "weather",
    auth: readAuth,
    query: CurrentQuery,
    meter: weatherMeter<HandlerContext<typeof readAuth, undefined, typeof CurrentQuery, undefined>>({ endpoint: "weather.current", charge: () => ({ units: 1 }) }),
    responses: { 200: { description: "Current weather", schema: CurrentData }, ...errors },
  }),
  forecast: contract({
    operationId: "weather.getForecast",
    method: "GET",
    path: "/v1/weather/forecast",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Daily or hourly forecast (1-8 days)",
    description: "Bills 1 unit daily, 2 hourly. `days` 1-8 (default 7; clamped). Hourly: one entry per hour from the current hour, up to days x 24.",
    tags: ["Weather"],
    family: "weather",
    auth: readAuth,
    query: ForecastQuery,
    meter: weatherMeter<HandlerContext<typeof readAuth, undefined, typeof ForecastQuery, undefined>>({
      endpoint: "weather.forecast",
      charge: (ctx) => ({ units: ctx.query.granularity === "hourly" ? 2 : 1 }),
    }),
    responses: { 200: { description: "Forecast", schema: ForecastData }, ...errors },
  }),
  timeline: contract({
    operationId: "weather.analyseTimeline",
    method: "POST",
    path: "/v1/weather/timeline",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Weather risk for up to 100 timed itinerary items",
    description: "Bills 2 units per item. One invalid item rejects the call with timeline_item_invalid (nothing billed).",
    tags: ["Weather"],
    family: "weather",
    auth: timelineAuth,
    body: TimelineBody,
    onValidationError: timelineItemError,
    meter: weatherMeter<HandlerContext<typeof timelineAuth, undefined, undefined, typeof TimelineBody>>({
      endpoint: "weather.timeline",
      charge: (ctx) => ({ units: 2 * ctx.body.items.length, timeline_items: ctx.body.items.length }),
    }),
    responses: { 200: { description: "Per-item weather and risk, and a summary", schema: TimelineData }, ...errors },
  }),
  route: contract({
    operationId: "weather.analyseRoute",
    method: "POST",
    path: "/v1/weather/route",
    headers: WEATHER_CACHE_HEADERS,
    summary: "Weather risk along a route",
    description:
      "Bills 3 units per segment. Path: `polyline` (encoded string, [lat,lng] pairs or {lat,lng} objects) or a great-circle origin->destination; split every 30 min of travel or 50 km (at most 24 segments).",
    tags: ["Weather"],
    family: "weather",
    auth: routeAuth,
    body: RouteBody,
    onValidationError: routeError,
    meter: weatherMeter<HandlerContext<typeof routeAuth, undefined, undefined, typeof RouteBody>>({
      endpoint: "weather.route",
      // The segment count is a pure function of the body, so the charge is known up front.
      charge: (ctx) => ({ units: 3 * planRoute(ctx.body).segments.length, route_calls: 1 }),
    }),
    responses: { 200: { description: "Segments with weather and risk", schema: RouteData }, ...errors },
  }),
  simulations: contract({
    operationId: "weather.createSimulation",
    method: "POST",
    path: "/v1/weather/simulations",
    summary: "Inject simulated conditions (sandbox accounts only)",
    description:
      "Sandbox accounts only (403 otherwise). Overlays conditions on the simulated provider for the geohash-5 cell of lat/lng during [starts_at, ends_at) (default: now + 6 h): explicit `params` for any field the risk engine reads, on top of an optional `kind` preset (heavy_rain, rain, gusts, heat, cold, fog, thunderstorm, snow, severe_alert; custom = params only). Overlapping injections apply in creation order: the latest created wins per field. Bills 0 units.",
    tags: ["Weather"],
    family: "weather",
    auth: readAuth,
    body: SimulationBody,
    meter: weatherMeter<HandlerContext<typeof readAuth, undefined, undefined, typeof SimulationBody>>({ endpoint: "weather.simulations", charge: () => ({ units: 0 }) }),
    responses: { 201: { description: "Stored injection", schema: SimulationData }, ...errors },
  }),
};
