import countries from "i18n-iso-countries";
import { timezoneAt } from "@/lib/time/zones";
import { gazetteer } from "./gazetteer";

export interface FoundPlace {
  name: string;
  /** "Sintra, Portugal": the name a list shows. */
  label: string;
  country_code: string;
  lat: number;
  lng: number;
  population: number;
  time_zone: string;
}

/**
 * A place search over the gazetteer trip events are resolved with (GeoNames cities of 1,000+
 * inhabitants, offline): what the sandbox and any place box offer, so a town a trip names
 * (Sintra, Cascais, Óbidos) can be picked where a trip event would find it.
 */
export async function searchPlaces(query: string, limit: number): Promise<FoundPlace[]> {
  const gaz = await gazetteer();
  return gaz.search(query, limit).map((c) => {
    const country = countries.getName(c.country, "en") ?? c.country;
    return {
      name: c.name,
      label: `${c.name}, ${country}`,
      country_code: c.country,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
      time_zone: timezoneAt(c.lat, c.lng),
    };
  });
}
