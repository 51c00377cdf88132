import ngeohash from "ngeohash";
import type { ProviderId } from "./types";

/** Geohash precision of a cache cell (~4.9 km x 4.9 km): one upstream fetch per cell. */
export const CELL_PRECISION = 5;

export interface Cell {
  geohash: string;
  /** `<provider>:<geohash>` */
  key: string;
  provider: ProviderId;
  /** Cell centre: what the provider is asked for, so every point of a cell shares one fetch. */
  center: { lat: number; lng: number };
}

const centres = new Map<string, { lat: number; lng: number }>();

export function cellFor(lat: number, lng: number, provider: ProviderId): Cell {
  const geohash = ngeohash.encode(lat, lng, CELL_PRECISION);
  let center = centres.get(geohash);
  if (!center) {
    const c = ngeohash.decode(geohash);
    center = { lat: c.latitude, lng: c.longitude };
    if (centres.size > 50_000) centres.clear();
    centres.set(geohash, center);
  }
  return { geohash, key: `${provider}:${geohash}`, provider, center };
}
