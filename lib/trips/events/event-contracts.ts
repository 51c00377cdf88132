import { z } from "zod";
import { TRIP_REVISION_HEADERS } from "@/lib/http/header-docs";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { IntIdParam } from "@/lib/http/ids";
import { areaContract } from "@/lib/http/contract";
import { TripIdParam } from "@/lib/trips/contracts";
import { EventCreateInput, EventPatchInput, TripEventSchema } from "./event-schemas";

const EventIdParam = IntIdParam("eventId");
const revisionHeader = "The trip revision after the change is in the X-Trip-Revision response header.";

const contract = areaContract({ tags: ["Itinerary events"], family: "api", auth: sessionOrApiKey("read") });

export const eventContracts = {
  listEvents: contract({
    operationId: "tripEvents.list",
    examples: { params: { tripId: 1042 } },
    method: "GET",
    path: "/api/trips/{tripId}/events",
    summary: "List a trip's events",
    description: "Scope read; any trip member. Itinerary order.",
    params: TripIdParam,
    responses: { 200: { description: "Array of Trip event", schema: z.array(TripEventSchema) } },
  }),
  createEvent: contract({
    operationId: "tripEvents.create",
    examples: {
      params: { tripId: 1042 },
      body: {
        type: "activity",
        title: "Tram 28 and Alfama walk",
        startDateTime: "2027-05-05T10:00:00+01:00",
        endDateTime: "2027-05-05T12:30:00+01:00",
        timeZone: "Europe/Lisbon",
        location: "Largo da Graça, Lisboa",
        cost: 3,
      },
    },
    method: "POST",
    path: "/api/trips/{tripId}/events",
    headers: TRIP_REVISION_HEADERS,
    summary: "Create an event",
    description: `Scope write; roles owner, planner, editor. ${revisionHeader}`,
    auth: sessionOrApiKey("write"),
    params: TripIdParam,
    body: EventCreateInput,
    responses: { 201: { description: "The created Trip event", schema: TripEventSchema } },
  }),
  getEvent: contract({
    operationId: "tripEvents.get",
    examples: { params: { eventId: 58231 } },
    method: "GET",
    path: "/api/events/{eventId}",
    summary: "Get an event",
    description: "Scope read; any member of the event's trip.",
    params: EventIdParam,
    responses: { 200: { description: "Trip event", schema: TripEventSchema } },
  }),
  patchEvent: contract({
    operationId: "tripEvents.update",
    examples: {
      params: { eventId: 58231 },
      body: { title: "Tram 28, Alfama and Castelo walk", endDateTime: "2027-05-05T13:30:00+01:00" },
    },
    method: "PATCH",
    path: "/api/events/{eventId}",
    headers: TRIP_REVISION_HEADERS,
    summary: "Update an event (partial)",
    description: `Scope write; roles owner, planner, editor. Send only the fields to change; null clears an optional field. id and tripId cannot be changed. ${revisionHeader}`,
    auth: sessionOrApiKey("write"),
    params: EventIdParam,
    body: EventPatchInput,
    responses: { 200: { description: "The updated Trip event", schema: TripEventSchema } },
  }),
  deleteEvent: contract({
    operationId: "tripEvents.delete",
    examples: { params: { eventId: 58231 } },
    method: "DELETE",
    path: "/api/events/{eventId}",
    summary: "Delete an event",
    description: "Scope delete; roles owner, planner, editor.",
    auth: sessionOrApiKey("delete"),
    params: EventIdParam,
    responses: {
      200: {
        description: "Deleted",
        schema: z.object({
          id: z.number().int(),
          tripId: z.number().int(),
          deleted: z.literal(true),
          revision: z.number().int(),
        }),
      },
    },
  }),
};
