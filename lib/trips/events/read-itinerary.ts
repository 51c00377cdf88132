import { getDb, onDatabaseChange } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { RawJson } from "@/lib/http/raw-json";
import { withLegacyGeo } from "./resolve-event-geo";
import { sortItinerary, toTripEvent } from "./store-events";
import type { TripEvent } from "./event-schemas";
import { readTripSnapshot, type TripSnapshot } from "./read-trip-snapshot";

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
 * The last itinerary read per trip, shaped (and serialised once asked). Every read still runs the
 * one statement (role and revision are always current); when the trip row is still at the held
 * version the statement skips aggregating the events and the shaping is skipped too. Events change
 * only with a revision bump of the trip row, so a held itinerary is never stale. Bounded: the
 * least recently read trips fall out.
 */
interface Held {
  version: string;
  itinerary: Itinerary;
  /** UTF-8 JSON of the itinerary and of its events (GET /api/trips/{id}/events), made on first use. */
  json?: RawJson<Itinerary>;
  eventsJson?: RawJson<TripEvent[]>;
}
const held = new Map<number, Held>();
onDatabaseChange(() => held.clear());
const HELD_TRIPS = 512;

function hold<T>(map: Map<number, T>, tripId: number, entry: T): T {
  map.delete(tripId);
  map.set(tripId, entry);
  if (map.size > HELD_TRIPS) map.delete(map.keys().next().value!);
  return entry;
}

async function heldItinerary(tripId: number, userId: string): Promise<Held> {
  const prior = held.get(tripId);
  const { trip: t, events, eventsOmitted, version } = await memberSnapshot(tripId, userId, undefined, prior?.version);
  if (eventsOmitted && prior) return hold(held, tripId, prior);
  const rows = sortItinerary(await withLegacyGeo(events, t.timeZone), t.timeZone);
  const it: Itinerary = { trip_id: tripId, revision: t.revision, time_zone: t.timeZone, events: rows.map(toTripEvent) };
  return hold(held, tripId, { version, itinerary: it });
}

export async function readItinerary(tripId: number, userId: string): Promise<Itinerary> {
  return (await heldItinerary(tripId, userId)).itinerary;
}

/** JSON as bytes: a held answer is encoded once, not on every response. */
const encoded = <T>(value: T): RawJson<T> => RawJson.encode<T>(JSON.stringify(value));

/** The itinerary and its JSON (serialised once per trip version, not per request). */
export async function readItineraryJson(
  tripId: number,
  userId: string,
): Promise<{ itinerary: Itinerary; json: RawJson<Itinerary>; eventsJson: () => RawJson<TripEvent[]> }> {
  const h = await heldItinerary(tripId, userId);
  h.json ??= encoded(h.itinerary);
  return { itinerary: h.itinerary, json: h.json, eventsJson: () => (h.eventsJson ??= encoded(h.itinerary.events)) };
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

/**
 * Diffs answered per trip version, by since_revision (a few per trip): like the itinerary, the
 * statement always runs (role, revision, op-log floor are current) but skips aggregating the ops
 * and events while the trip row is at the held version; ops, events and the floor only change
 * with an update of that row, so a held diff is never stale.
 */
const heldDiffs = new Map<number, { version: string; bySince: Map<number, RawJson<TripDiff>> }>();
onDatabaseChange(() => heldDiffs.clear());
const HELD_SINCE = 8;

/** Ops after a revision plus the net effect on events, as JSON. */
export async function readDiffJson(tripId: number, userId: string, since: number): Promise<RawJson<TripDiff>> {
  const prior = heldDiffs.get(tripId);
  const kept = prior?.bySince.get(since);
  if (prior && kept) {
    // The itinerary's lighter statement (no op-log CTEs): role, trip row and version; while the version
    // is the held one it reads no events, and the held diff is the answer.
    const head = await memberSnapshot(tripId, userId, undefined, prior.version);
    checkSince(tripId, since, head.trip);
    if (head.eventsOmitted) return kept;
  }
  const snap = await memberSnapshot(tripId, userId, since);
  checkSince(tripId, since, snap.trip);
  const json = encoded<TripDiff>(await shapeDiff(tripId, since, snap));
  const entry =
    prior?.version === snap.version ? prior : { version: snap.version, bySince: new Map<number, RawJson<TripDiff>>() };
  entry.bySince.delete(since);
  entry.bySince.set(since, json);
  if (entry.bySince.size > HELD_SINCE) entry.bySince.delete(entry.bySince.keys().next().value!);
  hold(heldDiffs, tripId, entry);
  return json;
}

function checkSince(tripId: number, since: number, t: { revision: number; opLogFloor: number }) {
  if (since > t.revision) {
    throw new ApiError(
      "bad_request",
      `since_revision ${since} is ahead of the trip, which is at revision ${t.revision}.`,
      {
        details: { current_revision: t.revision },
      },
    );
  }
  if (since < t.opLogFloor) {
    throw new ApiError(
      "gone",
      `The op log no longer reaches back to revision ${since} (oldest available: ${t.opLogFloor}); re-read the full itinerary (GET /v1/trips/${tripId}/itinerary).`,
      { details: { oldest_available_revision: t.opLogFloor, current_revision: t.revision } },
    );
  }
}

async function shapeDiff(
  tripId: number,
  since: number,
  { trip: t, ops, events, touched }: TripSnapshot,
): Promise<TripDiff> {
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
