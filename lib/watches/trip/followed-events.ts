import { DateTime } from "luxon";
import type { TripEventRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { activityOfEvent } from "@/lib/trips/events/activity-of-event";
import { withLegacyGeo } from "@/lib/trips/events/resolve-event-geo";
import { sortItinerary } from "@/lib/trips/events/store-events";
import { readTripSnapshot, type TripSnapshot } from "@/lib/trips/events/read-trip-snapshot";
import { placesOf, type PlannedPlace } from "@/lib/trips/weather/analyse-trip-weather";
import { activityProfile } from "@/lib/weather/core";

const HOUR = 3_600_000;

/** An event a trip watch follows: its row, the places it is judged at, and its activity profile. */
export interface FollowedEvent {
  row: TripEventRow;
  places: PlannedPlace[];
  activityType: string;
  outdoor: boolean;
}

export interface FollowedTrip {
  trip: TripSnapshot["trip"];
  events: FollowedEvent[];
}

/**
 * The trip as a trip watch sees it now: every event with a place that starts inside the window,
 * in itinerary order. Read afresh on every refresh, so events added, moved or removed since (by
 * an op, the events API or an accepted proposal) are followed without a new watch.
 */
export async function followedEvents(
  db: DbOrTx,
  tripId: number,
  window: { startsAt: Date; endsAt: Date },
): Promise<FollowedTrip | undefined> {
  const snap = await readTripSnapshot(db, tripId, null);
  if (!snap) return undefined;
  const rows = sortItinerary(await withLegacyGeo(snap.events, snap.trip.timeZone), snap.trip.timeZone);
  const events: FollowedEvent[] = [];
  for (const row of rows) {
    const start = row.startAt.getTime();
    if (start < window.startsAt.getTime() || start >= window.endsAt.getTime()) continue;
    const places = placesOf(row);
    if (places.length === 0) continue;
    const activityType = activityOfEvent(row).activity_type;
    events.push({ row, places, activityType, outdoor: activityProfile(activityType).outdoor });
  }
  return { trip: snap.trip, events };
}

/**
 * A trip's span: its dates (local midnight of the first day to the end of the last, in the trip's
 * zone) when set, widened to its events (a stay to its check-out); null for a trip with neither.
 */
export function tripSpan(trip: TripSnapshot["trip"], rows: TripEventRow[]): { startsAt: Date; endsAt: Date } | null {
  const starts: number[] = rows.map((r) => r.startAt.getTime());
  const ends: number[] = rows.map((r) => Math.max(r.endAt?.getTime() ?? 0, r.startAt.getTime() + HOUR));
  if (trip.startDate) starts.push(DateTime.fromISO(trip.startDate, { zone: trip.timeZone }).toMillis());
  if (trip.endDate) ends.push(DateTime.fromISO(trip.endDate, { zone: trip.timeZone }).plus({ days: 1 }).toMillis());
  if (starts.length === 0 || ends.length === 0) return null;
  return { startsAt: new Date(Math.min(...starts)), endsAt: new Date(Math.max(...ends)) };
}
