import type { WeatherAlert } from "@/lib/weather/core/types";
import type { RiskProfile } from "./profiles";
import type { ReasonCode, RiskLevel } from "./types";

/**
 * How an official alert rates a profile (issue 39; docs/weather.md "Alerts by profile").
 *
 * | alert severity   | outdoor / transport | indoor, event reaches indoors | indoor, other events        |
 * |------------------|---------------------|-------------------------------|-----------------------------|
 * | extreme          | warning             | warning                       | warning                     |
 * | severe           | warning             | warning                       | watch (getting there)       |
 * | moderate / minor | watch               | watch                         | low (not listed)            |
 * | unknown          | watch               | watch                         | low (not listed)            |
 *
 * "Reaches indoors": hazards that threaten people inside buildings, not only on the way there:
 * tropical cyclones (hurricane, typhoon, tropical storm), tornadoes, floods and storm surge,
 * tsunamis, earthquakes, wildfires, avalanches, and "extreme wind" warnings (NWS Extreme Wind
 * Warning: take shelter in an interior room). Matched on the alert's event name in English, the
 * language every adapter asks for.
 */
const REACHES_INDOORS =
  /hurricane|typhoon|cyclone|tropical storm|tornado|flood|storm surge|tsunami|earthquake|wild ?fire|forest ?fire|bush ?fire|avalanche|extreme wind/i;

export function alertReachesIndoors(event: string): boolean {
  return REACHES_INDOORS.test(event);
}

export interface AlertRating {
  code: Extract<ReasonCode, "severe_alert" | "weather_alert">;
  level: RiskLevel;
}

/** The reason an alert gives a profile, or null when it does not concern it. */
export function rateAlert(a: Pick<WeatherAlert, "severity" | "event">, profile: RiskProfile): AlertRating | null {
  const grave = a.severity === "severe" || a.severity === "extreme";
  const code = grave ? "severe_alert" : "weather_alert";
  if (profile.kind !== "indoor") {
    if (grave) return { code, level: "warning" };
    return profile.outdoor || profile.kind === "transport" ? { code, level: "watch" } : null;
  }
  if (a.severity === "extreme") return { code, level: "warning" };
  if (alertReachesIndoors(a.event)) return { code, level: grave ? "warning" : "watch" };
  return grave ? { code, level: "watch" } : null;
}
