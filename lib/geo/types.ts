/** Where a trip event is, and how the server knows. */
export type GeoSource = "given" | "gazetteer" | "airport";

export interface GeoPoint {
  lat: number;
  lng: number;
  source: GeoSource;
  /** The matched city or airport (for given coordinates: the event's location text, else null). */
  name: string | null;
  /** ISO 3166-1 alpha-2, null when unknown (open sea, Antarctica). */
  country_code: string | null;
  /** IANA zone at the point (an airport's own zone from OpenFlights; else the tz boundary lookup). */
  time_zone: string;
}

/** Why an event has no point. Unresolvable places are not an error. */
export const GEO_UNRESOLVED_REASONS = ["no_place", "place_not_found", "airport_not_found"] as const;
export type GeoUnresolvedReason = (typeof GEO_UNRESOLVED_REASONS)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

const R_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
