import type { TripBuffers, TripEventRow } from "@/drizzle/schema";
import type { PlanBuffers, PlannerEvent, PlannerPlace } from "./types";

/**
 * The one mapping from trip rows to the planner's input model. Places come from the resolved
 * point (lat/lng/geo_time_zone); a transport's arrival (flight, train, ferry, bus) from arrival_*.
 */
export function plannerEventOf(r: TripEventRow): PlannerEvent {
  const place: PlannerPlace | null =
    r.lat !== null && r.lng !== null
      ? { lat: r.lat, lng: r.lng, zone: r.geoTimeZone ?? r.timeZone, name: r.geoName }
      : null;
  const endPlace: PlannerPlace | null =
    r.arrivalLat !== null && r.arrivalLng !== null
      ? { lat: r.arrivalLat, lng: r.arrivalLng, zone: r.arrivalTimeZone ?? r.timeZone, name: r.arrivalName }
      : null;
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    activityType: r.activityType,
    startMs: r.startAt.getTime(),
    endMs: r.endAt?.getTime() ?? null,
    timeZone: r.timeZone,
    place,
    endPlace,
    fixed: r.fixed,
  };
}

/** The trip's own departure buffers (trips.buffers); the planner's documented defaults fill the rest. */
export function plannerBuffersOf(trip: { buffers: TripBuffers | null }): Partial<PlanBuffers> | null {
  return trip.buffers ?? null;
}
