import { sql } from "drizzle-orm";
import type { TripRole } from "@/drizzle/schema";
import { queryOne } from "@/lib/db/sql";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { RawJson } from "@/lib/http/raw-json";
import { memberRoleSql } from "@/lib/trips/member-role-sql";
import { addEventInOneStatement } from "./add-event-in-one-statement";
import { patchEventInOneStatement, removeEventInOneStatement } from "./change-event-in-one-statement";
import { applyTripChange } from "@/lib/trips/ops/apply-trip-change";
import type { EventCreateInput, EventPatchInput, TripEvent } from "./event-schemas";
import { deleteEvent, findEvent, insertEvent, patchProblems, toTripEvent, updateEvent } from "./store-events";
import { withLegacyGeo } from "./resolve-event-geo";
import { roleMay, roleTooWeak, type TripNeed } from "@/lib/trips/roles";
import { readItineraryJson } from "./read-itinerary";
import { eventRowFromJson } from "./read-trip-snapshot";

/** /api itinerary event CRUD. Every write goes through applyTripChange (revision + op log). */

export async function listEvents(tripId: number, userId: string): Promise<RawJson<TripEvent[]>> {
  return (await readItineraryJson(tripId, userId)).eventsJson();
}

/** The event and its trip, after checking the caller may `need` on that trip (404 for non-members): one statement. */
async function eventFor(eventId: number, userId: string, need: TripNeed) {
  const found = await queryOne<{ event: Record<string, unknown> | string; role: TripRole | null }>(
    await getDb(),
    sql`SELECT row_to_json(e) AS event, ${memberRoleSql(sql`e.trip_id`, userId)} AS role FROM trip_events e
        WHERE e.id = ${eventId}`,
  );
  if (!found || !found.role) throw notFound("Event");
  if (!roleMay(found.role, need)) throw roleTooWeak(found.role, need);
  return eventRowFromJson(found.event);
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
  const fast = await addEventInOneStatement(tripId, userId, input as Record<string, unknown>, input, { source: "api" });
  if (fast) return { event: toTripEvent(fast.row), revision: fast.revision };
  const out = await applyTripChange(
    {
      tripId,
      source: "api",
      type: "add_event",
      payload: input as Record<string, unknown>,
      actorUserId: userId,
      requireRole: { userId, need: "edit" },
    },
    async (ctx) => {
      const row = await insertEvent(ctx.tx, tripId, ctx.tripZone, input);
      return { affected: [row.id], value: row };
    },
  );
  return { event: toTripEvent(out.value), revision: out.revision };
}

export async function patchEvent(eventId: number, userId: string, patch: EventPatchInput): Promise<EventWriteResult> {
  const fast = await patchEventInOneStatement(eventId, userId, patch);
  if (fast) return { event: toTripEvent(fast.row), revision: fast.revision };
  const found = await eventFor(eventId, userId, "edit");
  const out = await applyTripChange(
    {
      tripId: found.tripId,
      source: "api",
      type: "update_event",
      payload: { event_id: eventId, ...patch },
      actorUserId: userId,
    },
    async (ctx) => {
      // Re-read inside the transaction (after the trip lock): the event may have changed or gone.
      const row = await findEvent(ctx.tx, found.tripId, eventId);
      if (!row) throw notFound("Event");
      const problems = patchProblems(row, patch);
      if (problems.length) {
        throw new ApiError("bad_request", `Invalid ${problems[0].path}: ${problems[0].message}`, {
          details: { location: "body", issues: problems },
        });
      }
      const updated = await updateEvent(ctx.tx, row, patch);
      return { affected: [eventId], value: updated };
    },
  );
  return { event: toTripEvent(out.value), revision: out.revision };
}

export async function removeEvent(
  eventId: number,
  userId: string,
): Promise<{ id: number; tripId: number; deleted: true; revision: number }> {
  const fast = await removeEventInOneStatement(eventId, userId);
  if (fast) return { id: eventId, tripId: fast.tripId, deleted: true, revision: fast.revision };
  const found = await eventFor(eventId, userId, "edit");
  const out = await applyTripChange(
    { tripId: found.tripId, source: "api", type: "remove_event", payload: { event_id: eventId }, actorUserId: userId },
    async (ctx) => {
      // The delete itself says whether the event is still there (after the trip lock).
      if (!(await deleteEvent(ctx.tx, eventId, found.tripId))) throw notFound("Event");
      return { affected: [eventId], deleted: [eventId], value: null };
    },
  );
  return { id: eventId, tripId: found.tripId, deleted: true, revision: out.revision };
}
