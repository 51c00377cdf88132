import type { TripWatchState } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { readTripSnapshot } from "@/lib/trips/events/read-trip-snapshot";
import { requireTripRole } from "@/lib/trips/roles";
import { deliveryTarget, insertWatch, type WatchOwner } from "./insert-watch";
import type { CreateWatchInput } from "./schemas";
import { followedEvents, tripSpan } from "./trip/followed-events";
import { MAX_WINDOW_DAYS, validateTargetRef, validateWindow } from "./validate-watch-input";

const DAY = 86_400_000;
const HOUR = 3_600_000;

function invalid(field: string, message: string): ApiError {
  return new ApiError("bad_request", `Invalid ${field}: ${message}`, {
    details: { location: "body", field, issues: [] },
  });
}

/**
 * A watch on a whole trip (issue 33). The creator must be a member of the trip (404 otherwise,
 * as every trip route answers non-members). The window defaults to the trip's span (its dates,
 * widened to its events), from the current hour and at most MAX_WINDOW_DAYS long. The place
 * fields are optional: each followed event is judged at its own place with its own activity
 * profile; the row's latitude/longitude (the watch's anchor in lists and payloads) are the given
 * ones, else the first followed event's place.
 */
export async function createTripWatch(owner: WatchOwner & { userId?: string }, input: CreateWatchInput, now: Date) {
  const targetRef = validateTargetRef(input) as { trip_id: number };
  if (!owner.userId) throw notFound("Trip");
  await requireTripRole(targetRef.trip_id, owner.userId, "read");
  const db = await getDb();
  const window = await watchWindow(targetRef.trip_id, input, now);
  validateWindow(window.startsAt, window.endsAt, now);
  const followed = await followedEvents(db, targetRef.trip_id, window);
  if (!followed) throw notFound("Trip");
  const first = followed.events[0];
  const lat = input.latitude ?? first?.places[0].geo.lat;
  const lng = input.longitude ?? first?.places[0].geo.lng;
  if (lat === undefined || lng === undefined) {
    throw invalid(
      "target_ref",
      "the trip has no event with a place inside the watch window yet: add one (a location, an address or airports) or give latitude and longitude.",
    );
  }
  const url = await deliveryTarget(input);
  const state: TripWatchState = {
    trip_id: targetRef.trip_id,
    planner_threshold: input.planner_threshold ?? "warning",
    revision: null,
    checked_at: null,
    events: [],
  };

  return insertWatch(
    owner,
    input,
    url,
    {
      targetType: "trip",
      targetRef,
      latitude: lat,
      longitude: lng,
      placeType: input.place_type ?? "trip",
      activityType: input.activity_type ?? "itinerary",
      outdoor: input.outdoor ?? followed.events.some((e) => e.outdoor),
      startsAt: window.startsAt,
      endsAt: window.endsAt,
      tripId: targetRef.trip_id,
      tripState: state,
    },
    now,
  );
}

/** The given window, else the trip's span from the current hour, capped at MAX_WINDOW_DAYS. */
async function watchWindow(
  tripId: number,
  input: CreateWatchInput,
  now: Date,
): Promise<{ startsAt: Date; endsAt: Date }> {
  if ((input.starts_at === undefined) !== (input.ends_at === undefined)) {
    throw invalid(
      input.starts_at === undefined ? "starts_at" : "ends_at",
      "give both starts_at and ends_at, or neither (the window is then the trip's span).",
    );
  }
  if (input.starts_at !== undefined) return { startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at!) };
  const snap = await readTripSnapshot(await getDb(), tripId, null);
  if (!snap) throw notFound("Trip");
  const span = tripSpan(snap.trip, snap.events);
  if (!span)
    throw invalid(
      "starts_at",
      "the trip has neither dates nor events: give starts_at and ends_at, or add dates to the trip.",
    );
  const hour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const startsAt = span.startsAt > hour ? span.startsAt : hour;
  const endsAt = new Date(Math.min(span.endsAt.getTime(), startsAt.getTime() + MAX_WINDOW_DAYS * DAY));
  return { startsAt, endsAt };
}
