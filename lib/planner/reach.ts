import { MODE_SPEED_KMH } from "@/lib/weather/core";
import { PERFORMANCE } from "@/lib/trips/events/activity-of-event";
import { plannerActivity } from "./activity";
import type { PlanBuffers, PlannerEvent, PlannerEventType, PlannerPlace } from "./types";

const MIN = 60_000;

/** Documented defaults (docs/trips.md): 2 h before a flight, 30 min before a train, ferry or bus. */
export const DEFAULT_BUFFERS: PlanBuffers = { flightMinutes: 120, trainMinutes: 30, ferryMinutes: 30, busMinutes: 30 };
/** After landing: getting off the plane and out of the airport. */
export const FLIGHT_ARRIVAL_MINUTES = 60;
/** Roads are longer than the straight line: the usual planning detour factor. */
export const DETOUR_FACTOR = 1.3;
/** Up to this far (straight line) the traveller walks. */
export const WALK_KM = 1.5;
/**
 * A day excursion goes at most this far from where the traveller is (straight line, by car):
 * further needs a transport of its own in the itinerary (Denver is not a day trip from Chicago).
 */
export const MAX_EXCURSION_KM = 200;

export const TRANSPORT_TYPES: ReadonlySet<PlannerEventType> = new Set(["flight", "train", "ferry", "bus"]);
export const isTransport = (e: Pick<PlannerEvent, "type">) => TRANSPORT_TYPES.has(e.type);

/** A title that names a visit of a place, not a performance in it (an opera house tour). */
const VISIT = /\b(tour|visit|backstage|museum)\b/i;

/**
 * A scheduled event (a concert, festival, match, show, fireworks: the `event` profile; or a
 * performance: theatre, opera, ballet, a screening) happens at the organiser's time: the traveller
 * cannot move the New Year's Eve fireworks to 16:00, nor a matinee to the morning.
 */
export const isScheduled = (e: Pick<PlannerEvent, "type" | "title" | "activityType">) =>
  e.type === "activity" && (plannerActivity(e) === "event" || (PERFORMANCE.test(e.title) && !VISIT.test(e.title)));

/** Never moved by the planner: transport, stays, scheduled events and anything a member marked fixed. */
export function isFixed(e: Pick<PlannerEvent, "type" | "fixed" | "title" | "activityType">): boolean {
  return e.fixed === true || isTransport(e) || e.type === "accommodation" || isScheduled(e);
}

export function buffersOf(b: Partial<PlanBuffers> | null | undefined): PlanBuffers {
  return {
    ...DEFAULT_BUFFERS,
    ...Object.fromEntries(Object.entries(b ?? {}).filter(([, v]) => typeof v === "number" && v >= 0)),
  };
}

/** Minutes kept free before this event starts (a departure), 0 for anything else. */
export function bufferBeforeMs(e: Pick<PlannerEvent, "type">, b: PlanBuffers): number {
  const m =
    e.type === "flight"
      ? b.flightMinutes
      : e.type === "train"
        ? b.trainMinutes
        : e.type === "ferry"
          ? b.ferryMinutes
          : e.type === "bus"
            ? b.busMinutes
            : 0;
  return m * MIN;
}

export function bufferAfterMs(e: Pick<PlannerEvent, "type">): number {
  return e.type === "flight" ? FLIGHT_ARRIVAL_MINUTES * MIN : 0;
}

export function distanceKm(a: Pick<PlannerPlace, "lat" | "lng">, b: Pick<PlannerPlace, "lat" | "lng">): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface TravelEstimate {
  ms: number;
  km: number;
  mode: "walking" | "car" | "none";
  /** False: beyond a day excursion (not reachable without a transport in the itinerary). */
  reachable: boolean;
  /** What the estimate used, for the option's `checks` (worded in the trip's language by option.ts). */
  speedKmh: number;
  roadKm: number;
}

/**
 * Travel time between two places from distance and mode, with the route planner's speeds
 * (lib/weather/core/route-plan.ts MODE_SPEED_KMH): walking up to WALK_KM, else car over the road
 * distance (straight line x DETOUR_FACTOR), rounded up to 5 minutes. Unknown places: 0 (not judged).
 */
export function travel(a: PlannerPlace | null | undefined, b: PlannerPlace | null | undefined): TravelEstimate {
  if (!a || !b) return { ms: 0, km: 0, mode: "none", reachable: true, speedKmh: 0, roadKm: 0 };
  const km = distanceKm(a, b);
  const mode = km <= WALK_KM ? "walking" : "car";
  const roadKm = km * DETOUR_FACTOR;
  const minutes = Math.ceil(((roadKm / MODE_SPEED_KMH[mode]) * 60) / 5) * 5;
  return { ms: minutes * MIN, km, mode, reachable: km <= MAX_EXCURSION_KM, speedKmh: MODE_SPEED_KMH[mode], roadKm };
}
