import { z } from "zod";
import { TRIP_REVISION_HEADERS } from "@/lib/http/header-docs";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { contract } from "@/lib/http/route";
import { TripIdParam } from "./contracts";
import { EventCreateInput, EventPatchInput, TripEventSchema } from "./event-schema";

const tags = ["Itinerary events"];
const EventIdParam = z.object({ eventId: z.coerce.number().int().positive().max(2147483647) });
const revisionHeader = "The trip revision after the change is in the X-Trip-Revision response header.";

export const eventContracts = {
  listEvents: contract({
    operationId: "tripEvents.list",
    method: "GET",
    path: "/api/trips/{tripId}/events",
    summary: "List a trip's events",
    description: "Scope read; any trip member. Itinerary order.",
    tags,
    family: "api",
    auth: sessionOrApiKey("read"),
    params: TripIdParam,
    responses: { 200: { description: "Array of Trip event", schema: z.array(TripEventSchema) } },
  }),
  createEvent: contract({
    operationId: "tripEvents.create",
    method: "POST",
    path: "/api/trips/{tripId}/events",
    headers: TRIP_REVISION_HEADERS,
    summary: "Create an event",
    description: `Scope write; roles owner, planner, editor. ${revisionHeader}`,
    tags,
    family: "api",
    auth: sessionOrApiKey("write"),
    params: TripIdParam,
    body: EventCreateInput,
    responses: { 201: { description: "The created Trip event", schema: TripEventSchema } },
  }),
  getEvent: contract({
    operationId: "tripEvents.get",
    method: "GET",
    path: "/api/events/{eventId}",
    summary: "Get an event",
    description: "Scope read; any member of the event's trip.",
    tags,
    family: "api",
    auth: sessionOrApiKey("read"),
    params: EventIdParam,
    responses: { 200: { description: "Trip event", schema: TripEventSchema } },
  }),
  patchEvent: contract({
    operationId: "tripEvents.update",
    method: "PATCH",
    path: "/api/events/{eventId}",
    headers: TRIP_REVISION_HEADERS,
    summary: "Update an event (partial)",
    description: `Scope write; roles owner, planner, editor. Send only the fields to change; null clears an optional field. id and tripId cannot be changed. ${revisionHeader}`,
    tags,
    family: "api",
    auth: sessionOrApiKey("write"),
    params: EventIdParam,
    body: EventPatchInput,
    responses: { 200: { description: "The updated Trip event", schema: TripEventSchema } },
  }),
  deleteEvent: contract({
    operationId: "tripEvents.delete",
    method: "DELETE",
    path: "/api/events/{eventId}",
    summary: "Delete an event",
    description: "Scope delete; roles owner, planner, editor.",
    tags,
    family: "api",
    auth: sessionOrApiKey("delete"),
    params: EventIdParam,
    responses: {
      200: {
        description: "Deleted",
        schema: z.object({ id: z.number().int(), tripId: z.number().int(), deleted: z.literal(true), revision: z.number().int() }),
      },
    },
  }),
};
