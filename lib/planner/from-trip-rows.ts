import type { TripEventRow } from "@/drizzle/schema";
import type { PlanBuffers, PlannerEvent, PlannerPlace } from "./types";

/**
 * The one mapping from trip rows to the planner's input model. Places come from the resolved
 * point (lat/lng/geo_time_zone); a transport's arrival from arrival_* (today: flights).
 */
export function plannerEventOf(r: TripEventRow): PlannerEvent {
  const place: PlannerPlace | null = r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, zone: r.geoTimeZone ?? r.timeZone, name: r.geoName } : null;
  const endPlace: PlannerPlace | null =
    r.arrivalLat !== null && r.arrivalLng !== null ? { lat: r.arrivalLat, lng: r.arrivalLng, zone: r.arrivalTimeZone ?? r.timeZone, name: r.arrivalName } : null;
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
    fixed: false,
  };
}

/** The trip's departure buffers (none stored yet: the planner's documented defaults apply). */
export function plannerBuffersOf(_trip: object): Partial<PlanBuffers> | null {
  return null;
}
