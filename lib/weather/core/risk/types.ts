import type { PollenKind, RiskLevel, WeatherAlert } from "@/lib/weather/core/types";
import type { DerivedHazards } from "./derived";

export type { RiskLevel };

/** Stable reason codes (documented in docs/weather.md); never renamed. */
export type ReasonCode =
  | "rain_likely"
  | "light_rain"
  | "moderate_rain"
  | "heavy_rain"
  | "violent_rain"
  | "freezing_rain"
  | "snow_on_road"
  | "strong_wind"
  | "strong_gusts"
  | "heat"
  | "cold"
  | "uv_high"
  | "low_visibility"
  | "thunderstorm"
  | "snow"
  | "ice"
  | "severe_alert"
  | "weather_alert"
  | "outside_forecast_horizon"
  | "rough_sea"
  | "moderate_sea"
  | "steep_sea"
  | "high_waves"
  | "poor_air_quality"
  | "high_pollen";

export interface RiskReason {
  code: ReasonCode;
  level: RiskLevel;
  message: string;
}

export interface Risk {
  level: RiskLevel;
  reasons: RiskReason[];
  recommendation: string | null;
}

/** The worst conditions over the evaluated window, in SI units. */
export interface RiskInputs {
  precipitationProbabilityPct: number | null;
  precipitationMmH: number | null;
  feelsLikeMaxC: number | null;
  feelsLikeMinC: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  uvIndex: number | null;
  visibilityM: number | null;
  /** WMO codes seen in the window. */
  weatherCodes: number[];
  alerts: WeatherAlert[];
  /** Lowest air temperature in the window (freezing/ice messages). */
  temperatureMinC?: number | null;
  /** Inferred from the hours (risk/derived.ts); absent = none. */
  derived?: DerivedHazards;
  /** Sea state, air quality and pollen over the window (risk/supplements.ts); absent = unknown. */
  supplements?: SupplementInputs;
}

/**
 * Physical severity, used to order reasons of equal level and to pick main_issue. Sustained wind
 * ranks above gusts: it lasts the whole period and sets the sea state.
 */
export const SEVERITY: Record<ReasonCode, number> = {
  severe_alert: 100,
  thunderstorm: 90,
  freezing_rain: 85,
  violent_rain: 80,
  ice: 75,
  snow: 70,
  snow_on_road: 65,
  strong_gusts: 55,
  strong_wind: 60,
  heavy_rain: 50,
  heat: 46,
  cold: 45,
  low_visibility: 40,
  weather_alert: 35,
  moderate_rain: 30,
  uv_high: 20,
  light_rain: 12,
  rain_likely: 10,
  outside_forecast_horizon: 0,
  // Waves decide whether a ferry sails: above sustained wind, which only sets them up.
  high_waves: 62,
  rough_sea: 38,
  steep_sea: 37,
  moderate_sea: 36,
  poor_air_quality: 33,
  high_pollen: 15,
};

/** Level first, then physical severity. */
export function compareReasons(
  a: { code: ReasonCode; level: RiskLevel },
  b: { code: ReasonCode; level: RiskLevel },
): number {
  return LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || SEVERITY[b.code] - SEVERITY[a.code];
}

export const LEVEL_RANK: Record<RiskLevel, number> = { low: 0, watch: 1, warning: 2 };

export function maxLevel(levels: RiskLevel[]): RiskLevel {
  return levels.reduce<RiskLevel>((a, b) => (LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a), "low");
}

/** The worst sea state and air over a window (issue 31); null members = not known there. */
export interface SupplementInputs {
  waveHeightM: number | null;
  wavePeriodS: number | null;
  waveDirectionDeg: number | null;
  usAqi: number | null;
  europeanAqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  /** The pollen type furthest above its "high" level (or the highest ratio below it), with its count. */
  pollen: { kind: PollenKind; count: number } | null;
}
