import { operationTool, type OperationTool, type ToolError } from "@/lib/mcp/operation-tool";
import * as text from "@/lib/mcp/render-text";
import type { McpServerOptions, PromptDefinition } from "@/lib/mcp/server";
import * as current from "../../v1/weather/current/route";
import * as forecast from "../../v1/weather/forecast/route";
import * as timeline from "../../v1/weather/timeline/route";
import * as weatherRoute from "../../v1/weather/route/route";
import * as trips from "../../v1/trips/route";
import * as itinerary from "../../v1/trips/[tripId]/itinerary/route";
import * as ops from "../../v1/trips/[tripId]/ops/route";
import * as proposals from "../../v1/trips/[tripId]/proposals/route";
import * as proposal from "../../v1/trips/[tripId]/proposals/[proposalId]/route";
import { TRIP_CARD } from "@/lib/mcp/trip-card";
import * as tripWeather from "../../v1/trips/[tripId]/weather/route";

/**
 * The MCP tools (names fixed by issue 28): each is its REST operation's route, so its schemas,
 * credential, scopes, meter, quotas, errors and log row are that operation's own.
 */
const READ = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

const getItinerary = operationTool({
  name: "get_itinerary",
  title: "Trip itinerary",
  description:
    "A trip's events in itinerary order with the trip's current revision: pass that revision as base_revision to apply_trip_operation.",
  route: itinerary.GET,
  annotations: READ,
  text: text.itineraryText,
});

const listTrips = operationTool({
  name: "list_trips",
  title: "List trips",
  description: "The trips this credential may see, newest first, each with its current revision and your role.",
  route: trips.GET,
  annotations: READ,
  text: text.tripsText,
});

/** A stale base_revision: the agent gets what changed since its base, so it can re-plan without another call. */
async function withChangesSinceBase(
  error: ToolError,
  args: Record<string, unknown>,
  invoke: Parameters<NonNullable<OperationTool["enrichError"]>>[2],
) {
  if (error.code !== "STALE_REVISION" || typeof args.base_revision !== "number") return error;
  const diff = await invoke(ops.GET, { trip_id: args.trip_id, since_revision: args.base_revision });
  return diff.ok ? { ...error, changes: diff.data } : error;
}

export const mcpTools: OperationTool[] = [
  operationTool({
    name: "get_current_weather",
    title: "Current weather",
    description: "Current conditions, alerts and the activity risk at a point (bills like GET /v1/weather/current).",
    route: current.GET,
    annotations: { ...READ, openWorldHint: true },
    text: text.currentWeatherText,
  }),
  operationTool({
    name: "get_forecast",
    title: "Weather forecast",
    description: "Daily or hourly forecast for a point, up to 16 days (bills like GET /v1/weather/forecast).",
    route: forecast.GET,
    annotations: { ...READ, openWorldHint: true },
    text: text.forecastText,
  }),
  operationTool({
    name: "analyse_timeline",
    title: "Analyse a timeline",
    description:
      "Weather risk for each item of a timeline (place and time window) with the best outdoor window (bills like POST /v1/weather/timeline).",
    route: timeline.POST,
    annotations: { ...READ, openWorldHint: true },
    text: text.timelineText,
  }),
  operationTool({
    name: "analyse_route",
    title: "Analyse a route",
    description:
      "Weather risk along a route (car, bike, walk, ferry…) segment by segment (bills like POST /v1/weather/route).",
    route: weatherRoute.POST,
    annotations: { ...READ, openWorldHint: true },
    text: text.routeText,
  }),
  listTrips,
  getItinerary,
  operationTool({
    name: "get_trip_weather",
    title: "Trip weather",
    description:
      "Forecast and risk for every event of a trip at its own place and window, per-day summaries with the best outdoor window, and the events at risk " +
      "(bills like GET /v1/trips/{tripId}/weather: 2 units per placed event, on the token's account).",
    route: tripWeather.GET,
    annotations: { ...READ, openWorldHint: true },
    text: text.tripWeatherText,
    ui: TRIP_CARD.uri,
  }),
  operationTool({
    name: "get_trip_changes",
    title: "Trip changes since a revision",
    description:
      "What changed on a trip after since_revision: the op-log entries, the current state of the events they touched and the deleted ids.",
    route: ops.GET,
    annotations: READ,
    text: text.changesText,
  }),
  operationTool({
    name: "list_proposals",
    title: "List proposals",
    description: "A trip's proposals, newest first; filter with status (pending, accepted, rejected, expired).",
    route: proposals.GET,
    annotations: READ,
    text: text.proposalsText,
    ui: TRIP_CARD.uri,
  }),
  operationTool({
    name: "get_proposal",
    title: "Get a proposal",
    description: "One proposal with its entities and ranked options (each with its label, reason and changes).",
    route: proposal.GET,
    annotations: READ,
    text: text.proposalText,
  }),
  operationTool({
    name: "create_proposal",
    title: "Propose a change",
    description:
      "Raise a proposal on a trip: entities (events to create) and ranked options (their schedules). Nothing changes until a trip member accepts it in the portal or the API.",
    route: proposals.POST,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    text: text.proposalText,
  }),
  operationTool({
    name: "apply_trip_operation",
    title: "Apply a trip operation",
    description:
      "Apply one operation (add_event, update_event, move_event, remove_event, reorder) on top of base_revision, the revision you read. " +
      "If the trip moved on, the error is STALE_REVISION with current_revision and the changes since your base: re-plan and retry. " +
      "op_id makes a retry safe (the same op_id returns the original result).",
    route: ops.POST,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    text: text.opResultText,
    enrichError: withChangesSinceBase,
  }),
  operationTool({
    name: "resolve_proposal",
    title: "Accept or reject a proposal",
    description:
      "action accept (with selected_option_id, default the top-ranked option) applies the option through the ops engine, bound to the proposal's " +
      "base_revision (STALE_REVISION / proposal_out_of_date when the trip moved on); action reject (with reason) closes it; action replan asks its author again. " +
      "Needs Apply changes (trips:write): the trip card's Accept and Reject buttons call this.",
    route: proposal.POST,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    text: text.resolvedProposalText,
  }),
];

const planAroundTheWeather: PromptDefinition = {
  name: "plan_around_the_weather",
  title: "Plan around the weather",
  description: "Review a trip's itinerary against the weather and propose fixes for the members to accept.",
  arguments: [{ name: "trip_id", description: "The trip to review", required: true }],
  uses: ["get_itinerary", "get_trip_weather", "create_proposal"],
  text: ({ trip_id }) =>
    `Review trip ${trip_id} against the weather. 1) Call get_itinerary {trip_id: ${trip_id}} and note its revision. ` +
    "2) Call get_trip_weather {trip_id} for each event's forecast and risk at its own place and time (get_forecast for days around it). " +
    "3) Where the risk is watch or warning, find a better slot in the same trip (a drier day or an indoor alternative). " +
    "4) Call create_proposal with ranked options, each with a short label and a one-line reason that say why: to move an existing event, give the option " +
    'changes [{type: "move_event", event_id, startDateTime, endDateTime}] (or a swap: two moves) with base_revision set to the itinerary\'s revision and ' +
    "subject_event_id; to add events, give entities. Do not apply operations yourself: " +
    "a member reviews and accepts the proposal. 5) Summarise what you proposed and why, citing the forecast.",
};

export const mcpServerOptions: McpServerOptions = {
  name: "skycast",
  version: "1.0.0",
  instructions:
    "Skycast: weather risk for places, routes and trip itineraries, and revision-checked trip edits. Read a trip with get_itinerary (it carries the revision), " +
    "propose changes with create_proposal (a member accepts them), and apply operations only with the revision you read. Errors carry our machine code.",
  tools: mcpTools,
  itinerary: { list: listTrips, read: getItinerary },
  prompts: [planAroundTheWeather],
};
