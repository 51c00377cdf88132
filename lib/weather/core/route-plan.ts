import polyline from "@mapbox/polyline";
import { along } from "@turf/along";
import { greatCircle } from "@turf/great-circle";
import { lineString } from "@turf/helpers";
import { length } from "@turf/length";
import type { TransportMode } from "./risk/profiles";

/** Documented maximum number of route segments (billing: 3 units each). */
export const MAX_ROUTE_SEGMENTS = 24;
/** A segment spans at most this much travel time... */
export const SEGMENT_TARGET_MINUTES = 30;
/** ...and at most this distance (weather changes over ~50 km even on a fast train). */
export const SEGMENT_TARGET_KM = 50;
/** Largest polyline accepted (points). */
export const MAX_POLYLINE_POINTS = 10_000;

/** Planning speeds per transport mode, km/h (door-to-door averages, not top speeds). */
export const MODE_SPEED_KMH: Record<TransportMode, number> = {
  car: 70,
  bus: 45,
  train: 110,
  ferry: 28,
  walking: 4.8,
  cycling: 16,
  shuttle: 60,
  transfer: 55,
};

export interface LatLng {
  lat: number;
  lng: number;
}

export interface RoutePlanInput {
  origin: LatLng;
  destination: LatLng;
  transport_mode: TransportMode;
  start_time: Date;
  /** Already-decoded path (validation decodes encoded strings). */
  path?: LatLng[];
}

export interface PlannedSegment {
  index: number;
  start_point: LatLng;
  end_point: LatLng;
  mid_point: LatLng;
  start_time: Date;
  end_time: Date;
  mid_time: Date;
  distance_m: number;
}

export interface RoutePlan {
  distance_m: number;
  duration_minutes: number;
  segments: PlannedSegment[];
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Path as [lng, lat] positions: the given polyline, or a great-circle origin -> destination. */
function pathPositions(i: RoutePlanInput): number[][] {
  if (i.path && i.path.length >= 2) return i.path.map((p) => [p.lng, p.lat]);
  const a = [i.origin.lng, i.origin.lat];
  const b = [i.destination.lng, i.destination.lat];
  // Ends closer than a millimetre are one place: turf's great circle divides by their angular
  // distance and returns NaN for ends 1e-200 apart (distance_m: null, no segments).
  if (length(lineString([a, b]), { units: "kilometers" }) < 1e-6) return [a, b];
  const gc = greatCircle(a, b, { npoints: 64 });
  const g = gc.geometry;
  // Crossing the antimeridian yields a MultiLineString; haversine lengths stay right when joined.
  const coords = g.type === "LineString" ? g.coordinates : g.coordinates.flat();
  return coords.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])) ? coords : [a, b];
}

/** Longitudes from turf's interpolation wrapped into [-180, 180] (a path over a pole can report 270). */
const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);

/** Why no path can be drawn (antipodal origin and destination have no single great circle), or undefined. */
export function greatCircleProblem(origin: LatLng, destination: LatLng): string | undefined {
  try {
    pathPositions({ origin, destination, transport_mode: "car", start_time: new Date(0) });
    return undefined;
  } catch {
    return "origin and destination are antipodal: no single great-circle path exists; send a polyline";
  }
}

/**
 * Pure: splits the route into segments by travel time and distance. The segment
 * count (and so the bill) is a function of the request body alone.
 */
export function planRoute(i: RoutePlanInput): RoutePlan {
  const coords = pathPositions(i);
  const line = lineString(coords);
  const totalKm = length(line, { units: "kilometers" });
  const speed = MODE_SPEED_KMH[i.transport_mode];
  const totalMinutes = (totalKm / speed) * 60;
  const n = Math.min(
    MAX_ROUTE_SEGMENTS,
    Math.max(1, Math.ceil(Math.max(totalMinutes / SEGMENT_TARGET_MINUTES, totalKm / SEGMENT_TARGET_KM))),
  );
  const pointAt = (km: number): LatLng => {
    if (totalKm === 0) return { lat: coords[0][1], lng: coords[0][0] };
    const p = along(line, Math.min(km, totalKm), { units: "kilometers" }).geometry.coordinates;
    return { lat: round6(p[1]), lng: round6(wrapLng(p[0])) };
  };
  const t0 = i.start_time.getTime();
  const at = (km: number) => new Date(t0 + (totalKm === 0 ? 0 : (km / speed) * 3_600_000));
  const segments: PlannedSegment[] = [];
  for (let k = 0; k < n; k++) {
    const a = (totalKm * k) / n;
    const b = (totalKm * (k + 1)) / n;
    segments.push({
      index: k,
      start_point: k === 0 ? { lat: coords[0][1], lng: coords[0][0] } : pointAt(a),
      end_point: k === n - 1 ? { lat: coords[coords.length - 1][1], lng: coords[coords.length - 1][0] } : pointAt(b),
      mid_point: pointAt((a + b) / 2),
      start_time: at(a),
      end_time: at(b),
      mid_time: at((a + b) / 2),
      distance_m: Math.round((b - a) * 1000),
    });
  }
  return { distance_m: Math.round(totalKm * 1000), duration_minutes: Math.round(totalMinutes), segments };
}

/**
 * Decodes a Google encoded polyline strictly: printable range 63..126, every value
 * terminated, an even number of values, coordinates in range. Returns an error string
 * instead of throwing so validation can report it.
 */
export function decodePolyline(encoded: string): LatLng[] | string {
  if (encoded.length === 0) return "polyline is empty";
  let values = 0;
  let open = false;
  for (let k = 0; k < encoded.length; k++) {
    const c = encoded.charCodeAt(k) - 63;
    if (c < 0 || c > 63) return `polyline has an invalid character at position ${k}`;
    open = c >= 0x20;
    if (!open) values++;
  }
  if (open) return "polyline ends in the middle of a value (truncated?)";
  if (values % 2 !== 0) return "polyline has an odd number of values (truncated?)";
  const pts = polyline.decode(encoded).map(([lat, lng]) => ({ lat, lng }));
  const bad = pts.findIndex((p) => !(Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180));
  if (bad >= 0) return `polyline point ${bad} is outside valid coordinates`;
  return pts;
}
