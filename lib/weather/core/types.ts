import type { SimulationKind } from "@/drizzle/schema";

/**
 * The normalised forecast every provider returns: SI units (°C, m/s, mm, m, hPa),
 * instants as ISO 8601 UTC strings, local dates as YYYY-MM-DD in `timezone`.
 * Every numeric field may be null: real providers send nulls at the horizon.
 */
export interface CurrentConditions {
  observedAt: string;
  temperatureC: number | null;
  feelsLikeC: number | null;
  humidityPct: number | null;
  pressureHpa: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  windDirectionDeg: number | null;
  cloudCoverPct: number | null;
  visibilityM: number | null;
  uvIndex: number | null;
  precipitationMm: number | null;
  /** WMO 4677 weather code (the Open-Meteo subset); other providers are mapped onto it. */
  weatherCode: number | null;
  isDay: boolean | null;
  /** The hour covering the observation's sea state and air (see HourlyPoint). */
  waveHeightM?: number | null;
  wavePeriodS?: number | null;
  waveDirectionDeg?: number | null;
  airQuality?: AirQuality | null;
}

export interface HourlyPoint {
  /** Start of the hour, ISO UTC. */
  time: string;
  temperatureC: number | null;
  feelsLikeC: number | null;
  humidityPct: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  windDirectionDeg: number | null;
  cloudCoverPct: number | null;
  visibilityM: number | null;
  uvIndex: number | null;
  /** Precipitation over the hour, mm (= mm/h intensity). */
  precipitationMm: number | null;
  precipitationProbabilityPct: number | null;
  weatherCode: number | null;
  isDay: boolean | null;
  /** Sea state (Open-Meteo Marine; injectable). Absent or null inland and where not fetched. */
  waveHeightM?: number | null;
  wavePeriodS?: number | null;
  waveDirectionDeg?: number | null;
  /** Air quality and pollen (Open-Meteo Air Quality; injectable). Absent or null where not fetched. */
  airQuality?: AirQuality | null;
}

export const POLLEN_KINDS = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"] as const;
export type PollenKind = (typeof POLLEN_KINDS)[number];

/** One hour's air quality: indices (US EPA AQI, European EEA AQI), µg/m³ concentrations, pollen grains/m³. */
export interface AirQuality {
  usAqi: number | null;
  europeanAqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  ozone: number | null;
  nitrogenDioxide: number | null;
  pollen: Partial<Record<PollenKind, number | null>>;
}

export interface DailyPoint {
  /** Local calendar date in the forecast's timezone. */
  date: string;
  sunrise: string | null;
  sunset: string | null;
  temperatureMinC: number | null;
  temperatureMaxC: number | null;
  feelsLikeMinC: number | null;
  feelsLikeMaxC: number | null;
  humidityPct: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  windDirectionDeg: number | null;
  cloudCoverPct: number | null;
  precipitationMm: number | null;
  precipitationProbabilityPct: number | null;
  uvIndexMax: number | null;
  weatherCode: number | null;
}

export type AlertSeverity = "minor" | "moderate" | "severe" | "extreme" | "unknown";
export type AlertCertainty = "observed" | "likely" | "possible" | "unlikely" | "unknown";
export type AlertUrgency = "immediate" | "expected" | "future" | "past" | "unknown";

/**
 * One official alert (lib/weather/alerts): CAP fields normalised to lower case. `id` is the CAP
 * identifier of the message in force (an update carries a new one; `references` lists the
 * identifiers it replaced), or the provider's own id where the provider has no CAP identifier.
 */
export interface WeatherAlert {
  id: string;
  event: string;
  severity: AlertSeverity;
  certainty?: AlertCertainty;
  urgency?: AlertUrgency;
  /** The warning areas covering the location (CAP areaDesc). */
  area?: string | null;
  starts: string | null;
  ends: string | null;
  /** The issuing service (CAP senderName). */
  source: string;
  /** Credit line the source's licence asks for. */
  attribution?: string | null;
  description?: string | null;
  capIdentifier?: string | null;
  /** CAP identifiers of the earlier messages of this alert (updates replace them). */
  references?: string[];
  /**
   * "area": the alert's area covers the point. "country": its area could not be placed (a geocode
   * without a known boundary): listed as a country-level notice, never rated (issue 39).
   */
  scope?: "area" | "country";
  /** "unconfirmed": the message type/references could not be checked against its CAP document. */
  status?: "confirmed" | "unconfirmed";
}

/** One step of next-hour precipitation (issue 31): intensity over the step, mm/h. */
export interface MinutelyPoint {
  /** Start of the step, ISO UTC. */
  time: string;
  precipitationMmH: number | null;
}

/** Open-Meteo `minutely_15` (15-minute steps) or OpenWeather `minutely` (1-minute steps). */
export interface MinutelySeries {
  stepMinutes: number;
  points: MinutelyPoint[];
}

export interface NormalizedForecast {
  provider: ProviderId;
  providerVersion: string;
  attribution: string;
  fetchedAt: string;
  /** Grid point the provider answered for (may differ from the requested point). */
  lat: number;
  lng: number;
  /** IANA time zone of the location. */
  timezone: string;
  current: CurrentConditions;
  hourly: HourlyPoint[];
  daily: DailyPoint[];
  alerts: WeatherAlert[];
  /** Next-hour precipitation; absent or null when the provider has none. */
  minutely?: MinutelySeries | null;
}

export type ProviderId = "simulated" | "open-meteo" | "openweather";
export type CacheStatus = "HIT" | "MISS" | "STALE" | "MIXED";
export type SnapshotUse = "current" | "forecast";
export type Units = "metric" | "imperial" | "standard";
export type RiskLevel = "low" | "watch" | "warning";
export type AccountEnvironmentName = "production" | "sandbox";

/** An injected simulation (lib/weather/io/simulations.ts), as stored and as snapshots record it. */
export interface StoredSimulation {
  id: string;
  geohash: string;
  kind: SimulationKind;
  startsAt: string;
  endsAt: string;
  params: Record<string, number | string>;
  /** Overlapping injections apply in creation order: the latest created wins per field. */
  createdAt: string;
}
