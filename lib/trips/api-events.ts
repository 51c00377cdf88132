import { eq } from "drizzle-orm";
import { tripEvents, trips } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { applyTripChange } from "./apply-change";
import type { EventCreateInput, EventPatchInput, TripEvent } from "./event-schemas";
import { deleteEvent, findEvent, insertEvent, listEventRows, patchProblems, toTripEvent, updateEvent } from "./event-store";
import { withLegacyGeo } from "./event-geo";
import { requireTripRole, type TripNeed } from "./roles";

/** /api itinerary event CRUD. Every write goes through applyTripChange (revision + op log). */

export async function listEvents(tripId: number, userId: string): Promise<TripEvent[]> {
  await requireTripRole(tripId, userId, "read");
  const db = await getDb();
  const [t] = await db.select({ timeZone: trips.timeZone }).from(trips).where(eq(trips.id, tripId));
  return (await listEventRows(db, tripId, t.timeZone)).map(toTripEvent);
}

/** The event and its trip, after checking the caller may `need` on that trip (404 for non-members). */
async function eventFor(eventId: number, userId: string, need: TripNeed) {
  const db = await getDb();
  const [row] = await db.select().from(tripEvents).where(eq(tripEvents.id, eventId)).limit(1);
  if (!row) throw notFound("Event");
  try {
    await requireTripRole(row.tripId, userId, need);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound("Event");
    throw err;
  }
  return row;
}

export async function getEvent(eventId: number, userId: string): Promise<TripEvent> {
  const row = await eventFor(eventId, userId, "read");
  const [withGeo] = await withLegacyGeo([row], row.timeZone);
  return toTripEvent(withGeo);
}

export interface EventWriteResult {
  event: TripEvent;
  revision: number;
}

export async function createEvent(tripId: number, userId: string, input: EventCreateInput): Promise<EventWriteResult> {
  await requireTripRole(tripId, userId, "edit");
  const out = await applyTripChange(
    { tripId, source: "api", type: "add_event", payload: input as Record<string, unknown>, actorUserId: userId },
    async (ctx) => {
      const row = await insertEvent(ctx.tx, tripId, ctx.tripZone, input);
      return { affected: [row.id], value: row };
    },
  );
  return { event: toTripEvent(out.value), revision: out.revision };
}

export async function patchEvent(eventId: number, userId: string, patch: EventPatchInput): Promise<EventWriteResult> {
  const found = await eventFor(eventId, userId, "edit");
  const out = await applyTripChange(
    { tripId: found.tripId, source: "api", type: "update_event", payload: { event_id: eventId, ...patch }, actorUserId: userId },
    async (ctx) => {
      // Re-read inside the transaction (after the trip lock): the event may have changed or gone.
      const row = await findEvent(ctx.tx, found.tripId, eventId);
      if (!row) throw notFound("Event");
      const problems = patchProblems(row, patch);
      if (problems.length) {
        throw new ApiError("bad_request", `Invalid ${problems[0].path}: ${problems[0].message}`, { details: { location: "body", issues: problems } });
      }
      const updated = await updateEvent(ctx.tx, row, patch);
      return { affected: [eventId], value: updated };
    },
  );
  return { event: toTripEvent(out.value), revision: out.revision };
}

export async function removeEvent(eventId: number, userId: string): Promise<{ id: number; tripId: number; deleted: true; revision: number }> {
  const found = await eventFor(eventId, userId, "edit");
  const out = await applyTripChange(
    { tripId: found.tripId, source: "api", type: "remove_event", payload: { event_id: eventId }, actorUserId: userId },
    async (ctx) => {
      const row = await findEvent(ctx.tx, found.tripId, eventId);
      if (!row) throw notFound("Event");
      await deleteEvent(ctx.tx, eventId);
      return { affected: [eventId], deleted: [eventId], value: null };
    },
  );
  return { id: eventId, tripId: found.tripId, deleted: true, revision: out.revision };
}
