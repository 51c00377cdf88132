import { z } from "zod";
import { accessToken } from "@/lib/auth/strategies";
import { IntIdParam } from "@/lib/http/ids";
import { areaContract } from "@/lib/http/contract";
import { searchParamsObject } from "@/lib/http/parse";
import { TripEventSchema } from "./events/event-schemas";
import { requireTripRole } from "./roles";
import { AddMemberInput, ChangeRoleInput } from "./manage-members";
import { CreateTripInput, MemberSchema, TripSchema, UpdateTripInput } from "./manage-trips";
import { OP_TYPES, OpRequest, OpRequestDocumented } from "./ops/op-types";

export const TripIdParam = IntIdParam("tripId");
const MemberParams = TripIdParam.extend({ userId: z.string().uuid() });
const contract = areaContract({ auth: accessToken(), tags: ["Trips"], family: "api" });

const DiffQuery = z.object({
  since_revision: z.coerce
    .number({ error: "since_revision is required: a revision you hold" })
    .int()
    .min(0)
    .max(2147483647, "since_revision is beyond any trip revision (revisions are 32-bit integers)"),
});

const ItinerarySchema = z
  .object({
    trip_id: z.number().int(),
    revision: z.number().int(),
    time_zone: z.string(),
    events: z.array(TripEventSchema),
  })
  .meta({ id: "Itinerary" });

const OpLogEntrySchema = z.object({
  revision: z.number().int(),
  source: z.enum(["ops", "api", "proposal"]),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  affected_event_ids: z.array(z.number().int()),
  deleted_event_ids: z.array(z.number().int()),
  actor_user_id: z.string().nullable(),
  op_id: z.string().nullable(),
  created_at: z.string(),
});

const DiffSchema = z
  .object({
    trip_id: z.number().int(),
    since_revision: z.number().int(),
    current_revision: z.number().int(),
    ops: z.array(OpLogEntrySchema),
    upserted_events: z.array(TripEventSchema),
    deleted_event_ids: z.array(z.number().int()),
  })
  .meta({ id: "TripDiff" });

const OpResultSchema = z
  .object({
    success: z.literal(true),
    trip_id: z.number().int(),
    new_revision: z.number().int(),
    operation: z.object({
      type: z.enum(OP_TYPES),
      payload: z.record(z.string(), z.unknown()),
      base_revision: z.number().int(),
      op_id: z.string().nullable(),
    }),
    result: z.object({ affected_event_ids: z.array(z.number().int()) }),
  })
  .meta({ id: "TripOperationResult" });

const OpConflictSchema = z
  .object({
    error: z.string(),
    code: z.enum(["STALE_REVISION", "OP_INVALID"]),
    current_revision: z
      .number()
      .int()
      .optional()
      .meta({ description: "STALE_REVISION: the trip's revision now; use it as the next base_revision" }),
    base_revision: z.number().int().optional().meta({ description: "STALE_REVISION: the base_revision you sent" }),
    details: z.unknown().optional(),
  })
  .meta({ id: "TripOperationConflict" });

/** accessToken() carries no scopes, so the role check's 403 must be listed by hand. */
const ROLE_TOO_WEAK = { description: "Your role on this trip does not allow this action" };
const OWNER_ONLY = { description: "Only an owner of the trip may do this" };
const LAST_OWNER = { description: "The change would leave the trip without an owner" };

export const tripContracts = {
  listTrips: contract({
    operationId: "trips.list",
    examples: {},
    method: "GET",
    path: "/v1/trips",
    summary: "List your trips",
    description: "Trips you are a member of, newest first, with the current revision and your role.",
    responses: { 200: { description: "Your trips", schema: z.object({ trips: z.array(TripSchema) }) } },
  }),
  createTrip: contract({
    operationId: "trips.create",
    examples: {
      body: {
        name: "Lisbon long weekend",
        time_zone: "Europe/Lisbon",
        start_date: "2027-05-04",
        end_date: "2027-05-07",
      },
    },
    method: "POST",
    path: "/v1/trips",
    audit: {
      action: "trip.created",
      target: ({ data }) => `trip:${data.trip_id}`,
      summary: ({ data }) => ({ name: data.name }),
    },
    summary: "Create a trip",
    description:
      "Creates a trip at revision 0; you become its owner. An access token limited to certain trips (`trip_ids`) cannot create trips: 403 `forbidden`.",
    body: CreateTripInput,
    responses: { 201: { description: "The trip", schema: TripSchema } },
  }),
  getTrip: contract({
    operationId: "trips.get",
    examples: { params: { tripId: 1042 } },
    method: "GET",
    path: "/v1/trips/{tripId}",
    summary: "Get a trip",
    params: TripIdParam,
    responses: { 200: { description: "The trip", schema: TripSchema } },
  }),
  updateTrip: contract({
    operationId: "trips.update",
    examples: { params: { tripId: 1042 }, body: { buffers: { flightMinutes: 150, ferryMinutes: 45 } } },
    method: "PATCH",
    path: "/v1/trips/{tripId}",
    summary: "Update a trip's settings",
    description:
      "Roles owner, planner, editor. `buffers`: the minutes the planner keeps clear before departures (flight 120, train, ferry and bus 30 by default); a key left out keeps its default, null resets them all.",
    params: TripIdParam,
    body: UpdateTripInput,
    responses: { 200: { description: "The trip", schema: TripSchema }, 403: ROLE_TOO_WEAK },
  }),
  listMembers: contract({
    operationId: "tripMembers.list",
    examples: { params: { tripId: 1042 } },
    method: "GET",
    path: "/v1/trips/{tripId}/members",
    summary: "List trip members",
    params: TripIdParam,
    responses: {
      200: { description: "Members", schema: z.object({ trip_id: z.number().int(), members: z.array(MemberSchema) }) },
    },
  }),
  addMember: contract({
    operationId: "tripMembers.add",
    examples: { params: { tripId: 1042 }, body: { email: "ana.silva@example.com", role: "editor" } },
    method: "POST",
    path: "/v1/trips/{tripId}/members",
    audit: {
      action: "trip_member.added",
      target: ({ params }) => `trip:${params.tripId}`,
      summary: ({ data }) => ({ user_id: data.user_id, role: data.role }),
    },
    summary: "Add a member (owner only)",
    description: "Adds a signed-up user by email with a role: owner, planner, editor or viewer.",
    params: TripIdParam,
    body: AddMemberInput,
    responses: {
      201: { description: "The member", schema: MemberSchema },
      403: OWNER_ONLY,
      409: { description: "Already a member; change their role instead" },
    },
  }),
  changeMember: contract({
    operationId: "tripMembers.changeRole",
    examples: { params: { tripId: 1042, userId: "7a1c9e3b-5d2f-4a8c-b6e0-3f9d1c7a5b24" }, body: { role: "viewer" } },
    method: "PATCH",
    path: "/v1/trips/{tripId}/members/{userId}",
    audit: {
      action: "trip_member.role_changed",
      target: ({ params }) => `trip:${params.tripId}`,
      summary: ({ params, body }) => ({ user_id: params.userId, role: body.role }),
    },
    summary: "Change a member's role (owner only)",
    description: "409 when it would leave the trip without an owner.",
    params: MemberParams,
    body: ChangeRoleInput,
    responses: { 200: { description: "The member", schema: MemberSchema }, 403: OWNER_ONLY, 409: LAST_OWNER },
  }),
  removeMember: contract({
    operationId: "tripMembers.remove",
    examples: { params: { tripId: 1042, userId: "7a1c9e3b-5d2f-4a8c-b6e0-3f9d1c7a5b24" } },
    method: "DELETE",
    path: "/v1/trips/{tripId}/members/{userId}",
    audit: {
      action: "trip_member.removed",
      target: ({ params }) => `trip:${params.tripId}`,
      summary: ({ params }) => ({ user_id: params.userId }),
    },
    summary: "Remove a member (owner only)",
    description: "409 when it would leave the trip without an owner.",
    params: MemberParams,
    responses: { 204: { description: "Removed" }, 403: OWNER_ONLY, 409: LAST_OWNER },
  }),
  itinerary: contract({
    operationId: "trips.getItinerary",
    examples: { params: { tripId: 1042 } },
    method: "GET",
    path: "/v1/trips/{tripId}/itinerary",
    summary: "Read the itinerary",
    description:
      "Events in itinerary order with the revision they describe (one consistent snapshot). ETag is the revision; send If-None-Match for a 304.",
    params: TripIdParam,
    responses: {
      200: { description: "Itinerary", schema: ItinerarySchema },
      304: { description: "Unchanged since the ETag" },
    },
  }),
  itineraryIcal: contract({
    operationId: "trips.getItineraryIcal",
    examples: { params: { tripId: 1042 } },
    method: "GET",
    path: "/v1/trips/{tripId}/itinerary.ics",
    summary: "Itinerary as iCalendar",
    description: "text/calendar; each event carries its own time zone (TZID with VTIMEZONE definitions).",
    params: TripIdParam,
    responses: { 200: { description: "iCalendar document (RFC 5545)", contentType: "text/calendar" } },
  }),
  diff: contract({
    operationId: "tripOps.listSince",
    examples: { params: { tripId: 1042 }, query: { since_revision: 0 } },
    method: "GET",
    path: "/v1/trips/{tripId}/ops",
    summary: "Changes since a revision",
    description:
      "The op-log entries after since_revision, the current state of every event they touched, and the ids they deleted. " +
      "400 when since_revision is ahead of the trip; 410 when the log no longer reaches back that far (re-read the itinerary).",
    params: TripIdParam,
    // Membership first: a non-member's request is 404 even without since_revision, not a 400 that confirms the trip.
    // A valid query needs no separate check: the handler's one statement reads the role with the diff (404 there).
    authorize: async ({ req, principal, params }) => {
      const query = searchParamsObject(new URL(req.url).searchParams);
      const plain = Object.keys(query).every((k) => k === "since_revision") && DiffQuery.safeParse(query).success;
      if (!plain) await requireTripRole(params.tripId, principal.userId, "read");
    },
    query: DiffQuery,
    responses: {
      200: { description: "Diff", schema: DiffSchema },
      410: { description: "Op log pruned past since_revision" },
    },
  }),
  applyOp: contract({
    operationId: "tripOps.apply",
    examples: {
      params: { tripId: 1042 },
      body: {
        base_revision: 0,
        type: "add_event",
        op_id: "op-2027-05-04-dinner-flores",
        payload: {
          type: "food",
          title: "Dinner at Taberna da Rua das Flores",
          startDateTime: "2027-05-04T20:00:00+01:00",
          endDateTime: "2027-05-04T22:00:00+01:00",
          timeZone: "Europe/Lisbon",
          location: "Rua das Flores 103, Lisboa",
          cost: 60,
        },
      },
    },
    method: "POST",
    path: "/v1/trips/{tripId}/ops",
    summary: "Apply one operation to the timeline",
    description:
      `Roles owner, planner, editor. Types: ${OP_TYPES.join(", ")}. Payloads: add_event = a TripEventCreate; update_event = {event_id, ...TripEventPatch fields}; ` +
      "move_event = {event_id, date YYYY-MM-DD, time HH:MM in the trip's zone} (duration kept); remove_event = {event_id}; " +
      "reorder = {date, event_ids: every event of that local day in the new order}. 409 STALE_REVISION {current_revision, base_revision} " +
      "when the trip moved on; 409 OP_INVALID when the op does not fit the current timeline (revision unchanged).",
    family: "flat",
    params: TripIdParam,
    body: OpRequest,
    documentedBody: OpRequestDocumented,
    responses: {
      200: { description: "Applied", schema: OpResultSchema },
      403: ROLE_TOO_WEAK,
      409: { description: "STALE_REVISION {current_revision, base_revision}, or OP_INVALID", schema: OpConflictSchema },
    },
  }),
};
