import type { RiskLevel, WeatherAlert } from "../types";

export type { RiskLevel };

/** Stable reason codes (documented in docs/weather.md); never renamed. */
export type ReasonCode =
  | "rain_likely"
  | "moderate_rain"
  | "heavy_rain"
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
  | "outside_forecast_horizon";

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
}

export const LEVEL_RANK: Record<RiskLevel, number> = { low: 0, watch: 1, warning: 2 };

export function maxLevel(levels: RiskLevel[]): RiskLevel {
  return levels.reduce<RiskLevel>((a, b) => (LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a), "low");
}
