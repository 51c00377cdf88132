import countries from "i18n-iso-countries";
import { timezoneAt } from "@/lib/time/zones";
import { airports, type Airport, type AirportIndex } from "./airports";
import { gazetteer, type Gazetteer, type GazetteerCity } from "./gazetteer";
import { normalizePlaceName } from "./normalize";
import { distanceKm, type GeoPoint, type GeoUnresolvedReason, type LatLng } from "./types";

/** The place fields of a trip event (stored or about to be). */
export interface EventPlaceFields {
  type: string;
  lat?: number | null;
  lng?: number | null;
  location?: string | null;
  address?: string | null;
  departureAirport?: string | null;
  arrivalAirport?: string | null;
  /** Train, ferry, bus: where the leg arrives (free text, through the gazetteer). */
  arrivalLocation?: string | null;
}

export interface PlaceHint {
  /** The event's zone (its own, else the trip's): candidates in it are preferred. */
  zone: string;
  /** Points of the trip's other events; asked for only when the text is ambiguous. */
  nearby?: () => LatLng[] | Promise<LatLng[]>;
}

export interface EventGeo {
  /** Where the event is (a flight: its departure airport). */
  geo: GeoPoint | null;
  /** Transport: where it arrives (a flight's arrival airport; a train's, ferry's or bus's arrival location). */
  arrival: GeoPoint | null;
  /** Why `geo` is null. */
  reason: GeoUnresolvedReason | null;
}

/** A weak match (a word inside free text) farther than this from the trip's other events is dropped. */
const WEAK_MATCH_RADIUS_KM = 300;
/** Candidates within this of the nearest one are equally near: the tz hint, then population decide. */
const NEAR_TIE_KM = 25;
const MAX_NGRAM = 4;

/** Words that are also names of small places but, inside free text, almost never mean them. */
const STOP_WORDS = new Set(
  (
    "the and for with from near via day trip tour walk visit dinner lunch breakfast brunch drinks bar cafe coffee restaurant hotel hostel " +
    "apartment museum beach park garden market old new town city centre center downtown station airport terminal flight train bus tram " +
    "ferry boat check out late early morning afternoon evening night sunset sunrise rua rue via calle avenida avenue street road square " +
    "praca plaza place largo de da do das dos del la le les el los las di du des van von der den het am an im and of to at in on by"
  ).split(" "),
);

/** Resolves where an event is. Unresolvable places are not an error: `geo` is null with the reason. */
export async function resolveEventPlace(e: EventPlaceFields, hint: PlaceHint): Promise<EventGeo> {
  const gaz = await gazetteer();
  const ports = await airports(gaz);
  return new PlaceResolver(gaz, ports).resolve(e, hint);
}

/** The resolver over built indexes (sync lookups; the benchmark measures these). */
export class PlaceResolver {
  constructor(
    private readonly gaz: Gazetteer,
    private readonly ports: AirportIndex,
  ) {}

  async resolve(e: EventPlaceFields, hint: PlaceHint): Promise<EventGeo> {
    const departure = await this.departure(e, hint);
    return { ...departure, arrival: await this.arrival(e, hint) };
  }

  /** The arrival end of a transport event (null for other types or when unknown). */
  private async arrival(e: EventPlaceFields, hint: PlaceHint): Promise<GeoPoint | null> {
    if (e.type === "flight") {
      const arr = e.arrivalAirport ? this.ports.get(e.arrivalAirport) : undefined;
      return arr ? airportPoint(arr) : null;
    }
    if ((e.type === "train" || e.type === "ferry" || e.type === "bus") && e.arrivalLocation?.trim()) {
      // The arrival is usually elsewhere: no zone hint from the departure (the trip's other points still help).
      const city = await this.lookupText(e.arrivalLocation, { zone: "UTC", nearby: hint.nearby });
      return city ? this.cityPoint(city) : null;
    }
    return null;
  }

  private async departure(e: EventPlaceFields, hint: PlaceHint): Promise<Omit<EventGeo, "arrival">> {
    if (e.lat != null && e.lng != null) return { geo: this.given(e.lat, e.lng, e.location ?? null), reason: null };
    if (e.type === "flight" && (e.departureAirport || e.arrivalAirport)) {
      const dep = e.departureAirport ? this.ports.get(e.departureAirport) : undefined;
      return { geo: dep ? airportPoint(dep) : null, reason: dep ? null : "airport_not_found" };
    }
    const texts = [e.type === "accommodation" ? e.address : null, e.location].filter(
      (t): t is string => !!t && t.trim() !== "",
    );
    if (texts.length === 0) return { geo: null, reason: "no_place" };
    for (const text of texts) {
      const city = await this.lookupText(text, hint);
      if (city) return { geo: this.cityPoint(city), reason: null };
    }
    return { geo: null, reason: "place_not_found" };
  }

  /** The best city for a free-text place, or null. */
  async lookupText(text: string, hint: PlaceHint): Promise<GazetteerCity | null> {
    const found = this.candidates(text);
    let pool = found.strong.length ? found.strong : found.weak;
    if (pool.length === 0) return null;
    if (found.countries.size) {
      const inCountry = pool.filter((c) => found.countries.has(c.country));
      if (inCountry.length) pool = inCountry;
    }
    const informativeZone = hint.zone !== "UTC" && hint.zone !== "Etc/UTC";
    const needContext = pool.length > 1 || found.strong.length === 0;
    const points = needContext && hint.nearby ? await hint.nearby() : [];
    const scored = pool.map((c) => ({
      c,
      d: points.length ? Math.min(...points.map((p) => distanceKm(p, c))) : Infinity,
      tz: informativeZone && timezoneAt(c.lat, c.lng) === hint.zone,
    }));
    const usable = found.strong.length
      ? scored
      : scored.filter((s) => s.tz || s.d <= WEAK_MATCH_RADIUS_KM || (!points.length && !informativeZone));
    if (usable.length === 0) return null;
    const minD = Math.min(...usable.map((s) => s.d));
    const near = Number.isFinite(minD) ? usable.filter((s) => s.d <= minD + NEAR_TIE_KM) : usable;
    near.sort((a, b) => Number(b.tz) - Number(a.tz) || b.c.population - a.c.population || a.c.index - b.c.index);
    return near[0].c;
  }

  /**
   * Whole comma-separated parts that are city names (house numbers and postcodes ignored)
   * are strong matches; failing those, runs of up to four words inside the text are weak
   * ones ("Sintra day trip" -> Sintra). Parts that are country names restrict the country.
   */
  candidates(text: string): { strong: GazetteerCity[]; weak: GazetteerCity[]; countries: Set<string> } {
    const parts = text.split(/[,;\n|()/]| [-–] /);
    const strong: GazetteerCity[] = [];
    const cc = new Set<string>();
    const words: string[][] = [];
    // In text that has capitals, a lower-case word is not a proper name ("somewhere nice").
    const cased = /\p{Lu}/u.test(text);
    for (const part of parts) {
      const tokens = normalizePlaceName(part)
        .split(" ")
        .filter((t) => t && !/\d/.test(t));
      if (tokens.length === 0) continue;
      words.push(properNames(part, cased));
      const country = countries.getAlpha2Code(part.trim(), "en");
      if (country) cc.add(country);
      strong.push(...this.gaz.byNormalised(tokens.join(" ")));
    }
    if (strong.length) return { strong, weak: [], countries: cc };
    for (let n = Math.min(MAX_NGRAM, Math.max(0, ...words.map((w) => w.length))); n >= 1; n--) {
      const weak: GazetteerCity[] = [];
      for (const tokens of words) {
        for (let i = 0; i + n <= tokens.length; i++) {
          const run = tokens.slice(i, i + n);
          // A run starts with a capitalised word; later words may be lower case ("Vila do Conde").
          if (run[0].startsWith("~")) continue;
          const phrase = run.map((t) => t.replace(/^~/, ""));
          if (n === 1 && (phrase[0].length < 3 || STOP_WORDS.has(phrase[0]))) continue;
          if (phrase.every((t) => STOP_WORDS.has(t))) continue;
          weak.push(...this.gaz.byNormalised(phrase.join(" ")));
        }
      }
      // The longest phrase that names a place wins over its shorter words.
      if (weak.length) return { strong: [], weak, countries: cc };
    }
    return { strong: [], weak: [], countries: cc };
  }

  private given(lat: number, lng: number, location: string | null): GeoPoint {
    const city = this.gaz.nearest({ lat, lng }, 100);
    return {
      lat,
      lng,
      source: "given",
      name: location ?? city?.name ?? null,
      country_code: city?.country ?? null,
      time_zone: timezoneAt(lat, lng),
    };
  }

  private cityPoint(c: GazetteerCity): GeoPoint {
    return {
      lat: c.lat,
      lng: c.lng,
      source: "gazetteer",
      name: c.name,
      country_code: c.country || null,
      time_zone: timezoneAt(c.lat, c.lng),
    };
  }
}

/** The words of a part that may start a place name, normalised; others become "" (never match). */
function properNames(part: string, cased: boolean): string[] {
  const out: string[] = [];
  for (const word of part.split(/\s+/)) {
    const capital = !cased || /^[^\p{L}]*\p{Lu}/u.test(word);
    for (const t of normalizePlaceName(word).split(" ")) if (t && !/\d/.test(t)) out.push(capital ? t : `~${t}`);
  }
  return out;
}

function airportPoint(a: Airport): GeoPoint {
  return {
    lat: a.lat,
    lng: a.lng,
    source: "airport",
    name: a.name,
    country_code: a.country_code,
    time_zone: a.time_zone ?? timezoneAt(a.lat, a.lng),
  };
}

/** The built indexes (warm-up at start-up, benchmarks). */
export async function placeResolver(): Promise<PlaceResolver> {
  const gaz = await gazetteer();
  return new PlaceResolver(gaz, await airports(gaz));
}
