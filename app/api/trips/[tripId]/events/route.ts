import { defineRoute } from "@/lib/registry/route";
import { createEvent, listEvents } from "@/lib/trips/events/manage-events";
import { eventContracts } from "@/lib/trips/events/event-contracts";

export const GET = defineRoute(eventContracts.listEvents, async ({ principal, params }) => ({
  data: await listEvents(params.tripId, principal.userId),
}));

export const POST = defineRoute(eventContracts.createEvent, async ({ principal, params, body }) => {
  const { event, revision } = await createEvent(params.tripId, principal.userId, body);
  return {
    status: 201,
    data: event,
    headers: { "X-Trip-Revision": String(revision), Location: `/api/events/${event.id}` },
  };
});
