import { DateTime } from "luxon";
import type { HourlyPoint, NormalizedForecast } from "@/lib/weather/core";
import type { PlannerEvent, PlannerPlace } from "../types";

const HOUR = 3_600_000;

/** Test only: places the judged trips use (lat/lng from public gazetteers, rounded). */
export const PLACES = {
  denverHotel: { lat: 39.7392, lng: -104.9903, zone: "America/Denver", name: "Denver" },
  redRocks: { lat: 39.6654, lng: -105.2057, zone: "America/Denver", name: "Red Rocks" },
  den: { lat: 39.8561, lng: -104.6737, zone: "America/Denver", name: "DEN" },
  ord: { lat: 41.9742, lng: -87.9073, zone: "America/Chicago", name: "ORD" },
  chicagoHotel: { lat: 41.8781, lng: -87.6298, zone: "America/Chicago", name: "Chicago" },
  lhr: { lat: 51.47, lng: -0.4543, zone: "Europe/London", name: "LHR" },
  lis: { lat: 38.7742, lng: -9.1342, zone: "Europe/Lisbon", name: "LIS" },
  lisbonHotel: { lat: 38.7223, lng: -9.1393, zone: "Europe/Lisbon", name: "Lisbon" },
  sintra: { lat: 38.7876, lng: -9.3904, zone: "Europe/Lisbon", name: "Sintra" },
  arrabida: { lat: 38.4856, lng: -8.9766, zone: "Europe/Lisbon", name: "Arrábida" },
  gulbenkian: { lat: 38.7376, lng: -9.1545, zone: "Europe/Lisbon", name: "Gulbenkian" },
  portoHotel: { lat: 41.1496, lng: -8.6109, zone: "Europe/Lisbon", name: "Porto" },
  portoCampanha: { lat: 41.1486, lng: -8.5856, zone: "Europe/Lisbon", name: "Porto Campanhã" },
  douroTrail: { lat: 41.1409, lng: -8.6711, zone: "Europe/Lisbon", name: "Foz do Douro" },
  lisbonSantaApolonia: { lat: 38.7137, lng: -9.1226, zone: "Europe/Lisbon", name: "Santa Apolónia" },
  viennaHotel: { lat: 48.2082, lng: 16.3738, zone: "Europe/Vienna", name: "Vienna" },
  viennaHbf: { lat: 48.1852, lng: 16.3761, zone: "Europe/Vienna", name: "Wien Hbf" },
  salzburgHbf: { lat: 47.8128, lng: 13.0456, zone: "Europe/Vienna", name: "Salzburg Hbf" },
  salzburgHotel: { lat: 47.8095, lng: 13.055, zone: "Europe/Vienna", name: "Salzburg" },
  untersberg: { lat: 47.7247, lng: 13.0081, zone: "Europe/Vienna", name: "Untersberg" },
  zrh: { lat: 47.4582, lng: 8.5555, zone: "Europe/Zurich", name: "ZRH" },
  jfk: { lat: 40.6413, lng: -73.7781, zone: "America/New_York", name: "JFK" },
  nycHotel: { lat: 40.758, lng: -73.9855, zone: "America/New_York", name: "New York" },
  centralPark: { lat: 40.7829, lng: -73.9654, zone: "America/New_York", name: "Central Park" },
  tromsoHotel: { lat: 69.6492, lng: 18.9553, zone: "Europe/Oslo", name: "Tromsø" },
  tromsoTrail: { lat: 69.6284, lng: 18.9979, zone: "Europe/Oslo", name: "Fløya" },
  oban: { lat: 56.4127, lng: -5.4722, zone: "Europe/London", name: "Oban" },
  craignure: { lat: 56.4707, lng: -5.7087, zone: "Europe/London", name: "Craignure" },
  obanHotel: { lat: 56.415, lng: -5.471, zone: "Europe/London", name: "Oban" },
  kerrera: { lat: 56.4, lng: -5.52, zone: "Europe/London", name: "Kerrera" },
  osl: { lat: 60.1976, lng: 11.1004, zone: "Europe/Oslo", name: "OSL" },
  tos: { lat: 69.6833, lng: 18.9189, zone: "Europe/Oslo", name: "TOS" },
  telegrafbukta: { lat: 69.633, lng: 18.909, zone: "Europe/Oslo", name: "Telegrafbukta" },
  hkHotel: { lat: 22.2988, lng: 114.1722, zone: "Asia/Hong_Kong", name: "Tsim Sha Tsui" },
  starFerryTst: { lat: 22.2936, lng: 114.1681, zone: "Asia/Hong_Kong", name: "Star Ferry Tsim Sha Tsui" },
  starFerryCentral: { lat: 22.2871, lng: 114.1605, zone: "Asia/Hong_Kong", name: "Star Ferry Central" },
  dragonsBack: { lat: 22.238, lng: 114.244, zone: "Asia/Hong_Kong", name: "Dragon's Back" },
  hkg: { lat: 22.308, lng: 113.9185, zone: "Asia/Hong_Kong", name: "HKG" },
  mullHike: { lat: 56.4739, lng: -5.7806, zone: "Europe/London", name: "Dùn da Ghaoithe" },
  craignureInn: { lat: 56.4712, lng: -5.7075, zone: "Europe/London", name: "Craignure Inn" },
  akl: { lat: -37.0082, lng: 174.785, zone: "Pacific/Auckland", name: "AKL" },
  zqn: { lat: -45.0211, lng: 168.7392, zone: "Pacific/Auckland", name: "ZQN" },
  queenstownHotel: { lat: -45.0312, lng: 168.6626, zone: "Pacific/Auckland", name: "Queenstown" },
  wakatipu: { lat: -45.035, lng: 168.66, zone: "Pacific/Auckland", name: "Lake Wakatipu" },
  kawarau: { lat: -45.0089, lng: 168.8953, zone: "Pacific/Auckland", name: "Kawarau Bridge" },
  lax: { lat: 33.9416, lng: -118.4085, zone: "America/Los_Angeles", name: "LAX" },
  hnd: { lat: 35.5494, lng: 139.7798, zone: "Asia/Tokyo", name: "HND" },
  shinjukuHotel: { lat: 35.6938, lng: 139.7034, zone: "Asia/Tokyo", name: "Shinjuku" },
  tokyoStation: { lat: 35.6812, lng: 139.7671, zone: "Asia/Tokyo", name: "Tokyo Station" },
  shinOsaka: { lat: 34.7334, lng: 135.5002, zone: "Asia/Tokyo", name: "Shin-Osaka" },
  osakaHotel: { lat: 34.6937, lng: 135.5023, zone: "Asia/Tokyo", name: "Osaka" },
  minoo: { lat: 34.8531, lng: 135.4717, zone: "Asia/Tokyo", name: "Minoo falls" },
  positanoHotel: { lat: 40.6281, lng: 14.485, zone: "Europe/Rome", name: "Positano" },
  positanoPier: { lat: 40.627, lng: 14.487, zone: "Europe/Rome", name: "Positano pier" },
  amalfi: { lat: 40.634, lng: 14.6027, zone: "Europe/Rome", name: "Amalfi" },
  kef: { lat: 63.985, lng: -22.6056, zone: "Atlantic/Reykjavik", name: "KEF" },
  reykjavikHotel: { lat: 64.1466, lng: -21.9426, zone: "Atlantic/Reykjavik", name: "Reykjavík" },
  solheimajokull: { lat: 63.5306, lng: -19.3697, zone: "Atlantic/Reykjavik", name: "Sólheimajökull" },
  skogafoss: { lat: 63.5321, lng: -19.5114, zone: "Atlantic/Reykjavik", name: "Skógafoss" },
  rkv: { lat: 64.13, lng: -21.9406, zone: "Atlantic/Reykjavik", name: "RKV" },
  aey: { lat: 65.66, lng: -18.0727, zone: "Atlantic/Reykjavik", name: "AEY" },
  stavangerHotel: { lat: 58.97, lng: 5.7331, zone: "Europe/Oslo", name: "Stavanger" },
  stavangerQuay: { lat: 58.9733, lng: 5.7364, zone: "Europe/Oslo", name: "Stavanger Fiskepiren" },
  lysebotn: { lat: 59.0553, lng: 6.6478, zone: "Europe/Oslo", name: "Lysebotn" },
  kjerag: { lat: 59.0339, lng: 6.5936, zone: "Europe/Oslo", name: "Kjerag" },
  parosHotel: { lat: 37.086, lng: 25.15, zone: "Europe/Athens", name: "Parikia" },
  parikiaPort: { lat: 37.0853, lng: 25.1489, zone: "Europe/Athens", name: "Parikia port" },
  naxosPort: { lat: 37.1067, lng: 25.3732, zone: "Europe/Athens", name: "Naxos port" },
  naxosHotel: { lat: 37.1036, lng: 25.3766, zone: "Europe/Athens", name: "Naxos town" },
  plakaBeach: { lat: 37.0544, lng: 25.3756, zone: "Europe/Athens", name: "Plaka beach" },
  cpt: { lat: -33.9715, lng: 18.6021, zone: "Africa/Johannesburg", name: "CPT" },
  capeTownHotel: { lat: -33.9249, lng: 18.4241, zone: "Africa/Johannesburg", name: "Cape Town" },
  platteklip: { lat: -33.9625, lng: 18.4039, zone: "Africa/Johannesburg", name: "Platteklip Gorge" },
  cableway: { lat: -33.9486, lng: 18.4031, zone: "Africa/Johannesburg", name: "Table Mountain Cableway" },
  mru: { lat: -20.4302, lng: 57.6836, zone: "Indian/Mauritius", name: "MRU" },
  yvr: { lat: 49.1967, lng: -123.1815, zone: "America/Vancouver", name: "YVR" },
  tsawwassen: { lat: 49.0084, lng: -123.1281, zone: "America/Vancouver", name: "Tsawwassen" },
  swartzBay: { lat: 48.6887, lng: -123.4108, zone: "America/Vancouver", name: "Swartz Bay" },
  victoriaHotel: { lat: 48.4284, lng: -123.3656, zone: "America/Vancouver", name: "Victoria" },
  victoriaHarbour: { lat: 48.4222, lng: -123.3707, zone: "America/Vancouver", name: "Victoria Inner Harbour" },
  royalBcMuseum: { lat: 48.4196, lng: -123.3676, zone: "America/Vancouver", name: "Royal BC Museum" },
  syd: { lat: -33.9399, lng: 151.1753, zone: "Australia/Sydney", name: "SYD" },
  sydneyHotel: { lat: -33.8688, lng: 151.2093, zone: "Australia/Sydney", name: "Sydney" },
  circularQuay: { lat: -33.861, lng: 151.2108, zone: "Australia/Sydney", name: "Circular Quay" },
  manlyWharf: { lat: -33.8003, lng: 151.2843, zone: "Australia/Sydney", name: "Manly Wharf" },
  spitBridge: { lat: -33.8044, lng: 151.2466, zone: "Australia/Sydney", name: "Spit Bridge" },
  mrsMacquaries: { lat: -33.8597, lng: 151.2226, zone: "Australia/Sydney", name: "Mrs Macquarie's Point" },
  edinburghHotel: { lat: 55.9533, lng: -3.1883, zone: "Europe/London", name: "Edinburgh" },
  arthursSeat: { lat: 55.9441, lng: -3.1618, zone: "Europe/London", name: "Arthur's Seat" },
  museumScotland: { lat: 55.9469, lng: -3.1892, zone: "Europe/London", name: "National Museum of Scotland" },
  springdale: { lat: 37.1889, lng: -112.9986, zone: "America/Denver", name: "Springdale" },
  angelsLanding: { lat: 37.2692, lng: -112.9481, zone: "America/Denver", name: "Angels Landing" },
} satisfies Record<string, PlannerPlace>;

/** Test only: an instant from a local wall time in a zone. */
export const at = (zone: string, local: string) => DateTime.fromISO(local, { zone }).toMillis();

let nextId = 1000;
/** Test only: an event at a place (transport: from `place` to `to`). */
export function event(
  type: PlannerEvent["type"],
  title: string,
  place: PlannerPlace,
  start: string,
  endLocal: string | null,
  extra: Partial<PlannerEvent> & { to?: PlannerPlace } = {},
): PlannerEvent {
  const { to, ...rest } = extra;
  const endZone = to?.zone ?? place.zone;
  return {
    id: nextId++,
    type,
    title,
    startMs: at(place.zone, start),
    endMs: endLocal ? at(endZone, endLocal) : null,
    timeZone: place.zone,
    place,
    endPlace: to ?? null,
    ...rest,
  };
}

function calm(ms: number): HourlyPoint {
  return {
    time: new Date(ms).toISOString(),
    temperatureC: 14,
    feelsLikeC: 14,
    humidityPct: 60,
    windSpeedMs: 3,
    windGustMs: 5,
    windDirectionDeg: 270,
    cloudCoverPct: 40,
    visibilityM: 20000,
    uvIndex: 2,
    precipitationMm: 0,
    precipitationProbabilityPct: 10,
    weatherCode: 2,
    isDay: null,
    waveHeightM: 0.5,
    wavePeriodS: 6,
  };
}

/** Test only: an hourly forecast at a place from `fromLocal` for `days` days, calm unless `weather` changes an hour. */
export function forecastAt(
  p: PlannerPlace,
  fromLocal: string,
  days: number,
  weather: (ms: number) => Partial<HourlyPoint> = () => ({}),
): NormalizedForecast {
  const from = at(p.zone, fromLocal);
  const hourly = Array.from({ length: days * 24 }, (_, i) => ({
    ...calm(from + i * HOUR),
    ...weather(from + i * HOUR),
  }));
  return {
    provider: "simulated",
    providerVersion: "test",
    attribution: "test",
    fetchedAt: new Date(from).toISOString(),
    lat: p.lat,
    lng: p.lng,
    timezone: p.zone,
    current: { ...hourly[0], observedAt: hourly[0].time, pressureHpa: 1015 } as NormalizedForecast["current"],
    hourly,
    daily: [],
    alerts: [],
  };
}

/** Test only: weather over [fromLocal, toLocal) in a zone. */
export const between =
  (zone: string, fromLocal: string, toLocal: string, h: Partial<HourlyPoint>) =>
  (ms: number): Partial<HourlyPoint> =>
    ms >= at(zone, fromLocal) && ms < at(zone, toLocal) ? h : {};
export const RAIN: Partial<HourlyPoint> = { precipitationMm: 9, precipitationProbabilityPct: 95, weatherCode: 65 };
export const STORM: Partial<HourlyPoint> = {
  precipitationMm: 25,
  precipitationProbabilityPct: 100,
  weatherCode: 99,
  windGustMs: 30,
  windSpeedMs: 18,
};
/** A typhoon passing: thunderstorms, hurricane-force gusts, 5 m seas. */
export const TYPHOON: Partial<HourlyPoint> = {
  ...STORM,
  windSpeedMs: 30,
  windGustMs: 45,
  waveHeightM: 5,
  wavePeriodS: 10,
};
export const GALE: Partial<HourlyPoint> = { windSpeedMs: 20, windGustMs: 27, waveHeightM: 4, wavePeriodS: 9 };
