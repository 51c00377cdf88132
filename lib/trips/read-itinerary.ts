import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { withLegacyGeo } from "./event-geo";
import { sortItinerary, toTripEvent } from "./event-store";
import type { TripEvent } from "./event-schemas";
import { readTripSnapshot } from "./read-trip-statement";

export interface Itinerary {
  trip_id: number;
  revision: number;
  time_zone: string;
  events: TripEvent[];
}

/** The snapshot for a member (404 for a non-member or an unknown trip, as requireTripRole). */
async function memberSnapshot(tripId: number, userId: string, since?: number, unlessVersion?: string) {
  const snap = await readTripSnapshot(await getDb(), tripId, userId, since, unlessVersion);
  if (!snap || !snap.role) throw notFound("Trip");
  return snap;
}

/**
 * The last itinerary read per trip, shaped. Every read still runs the one statement (role and
 * revision are always current); when the trip row is still at the held version the statement skips
 * aggregating the events and the shaping is skipped too. Events change only with a revision
 * bump of the trip row, so a held itinerary is never stale. Bounded: the least recently read trips fall out.
 */
const held = new Map<number, { version: string; itinerary: Itinerary }>();
const HELD_TRIPS = 512;

export async function readItinerary(tripId: number, userId: string): Promise<Itinerary> {
  const prior = held.get(tripId);
  const { trip: t, events, eventsOmitted, version } = await memberSnapshot(tripId, userId, undefined, prior?.version);
  if (eventsOmitted && prior) {
    held.delete(tripId);
    held.set(tripId, prior);
    return prior.itinerary;
  }
  const rows = sortItinerary(await withLegacyGeo(events, t.timeZone), t.timeZone);
  const it: Itinerary = { trip_id: tripId, revision: t.revision, time_zone: t.timeZone, events: rows.map(toTripEvent) };
  held.delete(tripId);
  held.set(tripId, { version, itinerary: it });
  if (held.size > HELD_TRIPS) held.delete(held.keys().next().value!);
  return it;
}

export interface TripDiff {
  trip_id: number;
  since_revision: number;
  current_revision: number;
  ops: Array<{
    revision: number;
    source: "ops" | "api" | "proposal";
    type: string;
    payload: Record<string, unknown>;
    affected_event_ids: number[];
    deleted_event_ids: number[];
    actor_user_id: string | null;
    op_id: string | null;
    created_at: string;
  }>;
  /** Current state of every event created or changed after since_revision (and still present). */
  upserted_events: TripEvent[];
  /** Events removed after since_revision. */
  deleted_event_ids: number[];
}

/** Ops after a revision plus the net effect on events: apply upserts and deletions to the old itinerary. */
export async function readDiff(tripId: number, userId: string, since: number): Promise<TripDiff> {
  const { trip: t, ops, events, touched } = await memberSnapshot(tripId, userId, since);
  if (since > t.revision) {
    throw new ApiError("bad_request", `since_revision ${since} is ahead of the trip, which is at revision ${t.revision}.`, {
      details: { current_revision: t.revision },
    });
  }
  if (since < t.opLogFloor) {
    throw new ApiError(
      "gone",
      `The op log no longer reaches back to revision ${since} (oldest available: ${t.opLogFloor}); re-read the full itinerary (GET /v1/trips/${tripId}/itinerary).`,
      { details: { oldest_available_revision: t.opLogFloor, current_revision: t.revision } },
    );
  }
  const rows = sortItinerary(await withLegacyGeo(events, t.timeZone), t.timeZone);
  const present = new Set(rows.map((r) => r.id));
  return {
    trip_id: tripId,
    since_revision: since,
    current_revision: t.revision,
    ops: ops.map((o) => ({
      revision: o.revision,
      source: o.source as "ops" | "api" | "proposal",
      type: o.type,
      payload: o.payload,
      affected_event_ids: o.affectedEventIds,
      deleted_event_ids: o.deletedEventIds,
      actor_user_id: o.actorUserId,
      op_id: o.opId,
      created_at: o.createdAt.toISOString(),
    })),
    upserted_events: rows.map(toTripEvent),
    deleted_event_ids: touched.filter((id) => !present.has(id)),
  };
}
