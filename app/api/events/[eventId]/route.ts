import { defineRoute } from "@/lib/registry/route";
import { getEvent, patchEvent, removeEvent } from "@/lib/trips/events/manage-events";
import { eventContracts } from "@/lib/trips/events/event-contracts";

export const GET = defineRoute(eventContracts.getEvent, async ({ principal, params }) => ({
  data: await getEvent(params.eventId, principal.userId),
}));

export const PATCH = defineRoute(eventContracts.patchEvent, async ({ principal, params, body }) => {
  const { event, revision } = await patchEvent(params.eventId, principal.userId, body);
  return { data: event, headers: { "X-Trip-Revision": String(revision) } };
});

export const DELETE = defineRoute(eventContracts.deleteEvent, async ({ principal, params }) => ({
  data: await removeEvent(params.eventId, principal.userId),
}));
