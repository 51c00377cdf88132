import { and, eq, isNotNull, ne } from "drizzle-orm";
import { tripEvents, type TripEventRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { resolveEventPlace, type EventPlaceFields } from "@/lib/geo/resolve-place";
import type { GeoPoint, GeoUnresolvedReason, LatLng } from "@/lib/geo/types";

/** The place columns of trip_events (lib/geo resolves them; this file maps them). */
export type GeoColumns = Pick<
  TripEventRow,
  | "lat"
  | "lng"
  | "geoSource"
  | "geoName"
  | "geoCountryCode"
  | "geoTimeZone"
  | "geoReason"
  | "arrivalSource"
  | "arrivalLat"
  | "arrivalLng"
  | "arrivalName"
  | "arrivalCountryCode"
  | "arrivalTimeZone"
>;

/** Fields that decide where an event is: a patch touching none of them keeps the stored point. */
export const PLACE_FIELDS = [
  "type",
  "lat",
  "lng",
  "location",
  "address",
  "departureAirport",
  "arrivalAirport",
  "arrivalLocation",
] as const;

/** Points of the trip's other placed events: the gazetteer's "nearest to the trip" hint. */
export async function tripPoints(tx: DbOrTx, tripId: number, exceptEventId?: number): Promise<LatLng[]> {
  const where = and(
    eq(tripEvents.tripId, tripId),
    isNotNull(tripEvents.lat),
    exceptEventId ? ne(tripEvents.id, exceptEventId) : undefined,
  );
  const rows = await tx
    .select({
      lat: tripEvents.lat,
      lng: tripEvents.lng,
      arrivalLat: tripEvents.arrivalLat,
      arrivalLng: tripEvents.arrivalLng,
    })
    .from(tripEvents)
    .where(where);
  const points: LatLng[] = [];
  for (const r of rows) {
    if (r.lat !== null && r.lng !== null) points.push({ lat: r.lat, lng: r.lng });
    if (r.arrivalLat !== null && r.arrivalLng !== null) points.push({ lat: r.arrivalLat, lng: r.arrivalLng });
  }
  return points;
}

/** Resolves an event's place at write time; the other events are read only when the text is ambiguous. */
export async function resolveGeoColumns(
  tx: DbOrTx,
  place: EventPlaceFields,
  o: { tripId: number; zone: string; eventId?: number },
): Promise<GeoColumns> {
  let points: Promise<LatLng[]> | undefined;
  const r = await resolveEventPlace(place, {
    zone: o.zone,
    nearby: () => (points ??= tripPoints(tx, o.tripId, o.eventId)),
  });
  return columnsFrom(r.geo, r.arrival, r.reason);
}

/** The place fields after a patch: given coordinates survive a text change; resolved ones do not. */
export function placeAfterPatch(
  row: TripEventRow,
  patch: Partial<Record<(typeof PLACE_FIELDS)[number], unknown>>,
): EventPlaceFields {
  const pick = <K extends (typeof PLACE_FIELDS)[number]>(k: K, stored: unknown) =>
    patch[k] !== undefined ? patch[k] : stored;
  return {
    type: pick("type", row.type) as string,
    lat: pick("lat", row.geoSource === "given" ? row.lat : null) as number | null,
    lng: pick("lng", row.geoSource === "given" ? row.lng : null) as number | null,
    location: pick("location", row.location) as string | null,
    address: pick("address", row.address) as string | null,
    departureAirport: pick("departureAirport", row.departureAirport) as string | null,
    arrivalAirport: pick("arrivalAirport", row.arrivalAirport) as string | null,
    arrivalLocation: pick("arrivalLocation", row.arrivalLocation) as string | null,
  };
}

/** Whether a row was written before places were resolved (neither a point nor a reason stored). */
export const needsGeo = (r: TripEventRow) => r.geoSource === null && r.geoReason === null;

/**
 * Rows written before migration 0017 are resolved in memory when read (the next write stores
 * the result); rows written since carry their point and are returned as they are.
 */
export async function withLegacyGeo(rows: TripEventRow[], zone: string): Promise<TripEventRow[]> {
  if (!rows.some(needsGeo)) return rows;
  const points = rows.filter((r) => r.lat !== null && r.lng !== null).map((r) => ({ lat: r.lat!, lng: r.lng! }));
  const out: TripEventRow[] = [];
  for (const r of rows) {
    if (!needsGeo(r)) {
      out.push(r);
      continue;
    }
    const resolved = await resolveEventPlace(placeAfterPatch(r, {}), {
      zone: r.timeZone ?? zone,
      nearby: () => points,
    });
    out.push({ ...r, ...columnsFrom(resolved.geo, resolved.arrival, resolved.reason) });
  }
  return out;
}

function columnsFrom(geo: GeoPoint | null, arrival: GeoPoint | null, reason: GeoUnresolvedReason | null): GeoColumns {
  return {
    lat: geo?.lat ?? null,
    lng: geo?.lng ?? null,
    geoSource: geo?.source ?? null,
    geoName: geo?.name ?? null,
    geoCountryCode: geo?.country_code ?? null,
    geoTimeZone: geo?.time_zone ?? null,
    geoReason: reason,
    arrivalSource: arrival ? (arrival.source === "airport" ? "airport" : "gazetteer") : null,
    arrivalLat: arrival?.lat ?? null,
    arrivalLng: arrival?.lng ?? null,
    arrivalName: arrival?.name ?? null,
    arrivalCountryCode: arrival?.country_code ?? null,
    arrivalTimeZone: arrival?.time_zone ?? null,
  };
}

/** The stored point as the API shows it. */
export function geoOf(r: TripEventRow): GeoPoint | null {
  if (r.geoSource === null || r.lat === null || r.lng === null) return null;
  return {
    lat: r.lat,
    lng: r.lng,
    source: r.geoSource,
    name: r.geoName,
    country_code: r.geoCountryCode,
    time_zone: r.geoTimeZone ?? "UTC",
  };
}

export function arrivalGeoOf(r: TripEventRow): GeoPoint | null {
  if (r.arrivalLat === null || r.arrivalLng === null) return null;
  return {
    lat: r.arrivalLat,
    lng: r.arrivalLng,
    source: r.arrivalSource ?? "airport",
    name: r.arrivalName,
    country_code: r.arrivalCountryCode,
    time_zone: r.arrivalTimeZone ?? "UTC",
  };
}
