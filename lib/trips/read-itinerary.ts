import { and, asc, eq, gt } from "drizzle-orm";
import { tripOps, trips } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { listEventRows, toTripEvent } from "./event-store";
import type { TripEvent } from "./event-schemas";
import { requireTripRole } from "./roles";

export interface Itinerary {
  trip_id: number;
  revision: number;
  time_zone: string;
  events: TripEvent[];
}

/** A consistent snapshot: the revision and the events it describes are read together. */
async function snapshot<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(fn, { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function tripRow(tx: Tx, tripId: number) {
  const [t] = await tx.select().from(trips).where(eq(trips.id, tripId)).limit(1);
  if (!t) throw notFound("Trip");
  return t;
}

export async function readItinerary(tripId: number, userId: string): Promise<Itinerary> {
  await requireTripRole(tripId, userId, "read");
  return snapshot(async (tx) => {
    const t = await tripRow(tx, tripId);
    const rows = await listEventRows(tx, tripId, t.timeZone);
    return { trip_id: tripId, revision: t.revision, time_zone: t.timeZone, events: rows.map(toTripEvent) };
  });
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
  await requireTripRole(tripId, userId, "read");
  return snapshot(async (tx) => {
    const t = await tripRow(tx, tripId);
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
    const ops = await tx
      .select()
      .from(tripOps)
      .where(and(eq(tripOps.tripId, tripId), gt(tripOps.revision, since)))
      .orderBy(asc(tripOps.revision));
    const touched = new Set<number>();
    for (const o of ops) for (const id of [...o.affectedEventIds, ...o.deletedEventIds]) touched.add(id);
    const rows = await listEventRows(tx, tripId, t.timeZone, [...touched]);
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
      deleted_event_ids: [...touched].filter((id) => !present.has(id)).sort((a, b) => a - b),
    };
  });
}
