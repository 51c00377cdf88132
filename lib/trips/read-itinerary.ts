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
async function memberSnapshot(tripId: number, userId: string, since?: number) {
  const snap = await readTripSnapshot(await getDb(), tripId, userId, since);
  if (!snap || !snap.role) throw notFound("Trip");
  return snap;
}

export async function readItinerary(tripId: number, userId: string): Promise<Itinerary> {
  const { trip: t, events } = await memberSnapshot(tripId, userId);
  const rows = sortItinerary(await withLegacyGeo(events, t.timeZone), t.timeZone);
  return { trip_id: tripId, revision: t.revision, time_zone: t.timeZone, events: rows.map(toTripEvent) };
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
