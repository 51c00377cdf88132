import type { RiskProfile } from "./profiles";
import { maxLevel, LEVEL_RANK, type ReasonCode, type Risk, type RiskInputs, type RiskLevel, type RiskReason } from "./types";
import { WMO } from "./thresholds";
import { recommendationFor } from "./recommendations";

const r1 = (v: number) => Math.round(v * 10) / 10;
const kph = (ms: number) => Math.round(ms * 3.6);

/** Level a value reaches against a band (>= for "above", <= for "below"). */
function bandLevel(value: number | null, band: { watch?: number; warning?: number } | undefined, dir: "above" | "below"): RiskLevel {
  if (value === null || !band) return "low";
  if (band.warning !== undefined && (dir === "above" ? value >= band.warning : value <= band.warning)) return "warning";
  if (band.watch !== undefined && (dir === "above" ? value >= band.watch : value <= band.watch)) return "watch";
  return "low";
}

// Module-level helpers (no per-call closures: this runs for every timeline item and hour).
function add(reasons: RiskReason[], code: ReasonCode, level: RiskLevel, message: () => string): void {
  if (level !== "low") reasons.push({ code, level, message: message() });
}

function hasAny(codes: number[], list: readonly number[]): boolean {
  for (const c of codes) if (list.includes(c)) return true;
  return false;
}

/**
 * Pure risk assessment of a window's worst conditions against a profile.
 * Reasons are sorted by level (warning first); the recommendation follows the top reason.
 */
export function assessRisk(inputs: RiskInputs, profile: RiskProfile): Risk {
  const reasons: RiskReason[] = [];
  const i = inputs;
  // Precipitation wording follows its type (codes keep their stable names).
  const what = hasAny(i.weatherCodes, WMO.snow) ? "snow" : "rain";
  const What = what === "snow" ? "Snow" : "Rain";

  const rate = bandLevel(i.precipitationMmH, profile.rainRate, "above");
  if (rate === "warning") add(reasons, "heavy_rain", rate, () => `Heavy ${what} expected (up to ${r1(i.precipitationMmH!)} mm/h).`);
  else add(reasons, "moderate_rain", rate, () => `Steady ${what} expected (up to ${r1(i.precipitationMmH!)} mm/h).`);
  if (profile.rainProbability !== undefined && i.precipitationProbabilityPct !== null && i.precipitationProbabilityPct >= profile.rainProbability && rate !== "warning") {
    add(reasons, "rain_likely", "watch", () => `${What} is likely (${Math.round(i.precipitationProbabilityPct!)}% chance).`);
  }

  add(reasons, "strong_wind", bandLevel(i.windSpeedMs, profile.windSpeed, "above"), () => `Strong wind expected (${kph(i.windSpeedMs ?? 0)} km/h sustained).`);
  add(reasons, "strong_gusts", bandLevel(i.windGustMs, profile.windGust, "above"), () => `Strong gusts expected (up to ${kph(i.windGustMs ?? 0)} km/h).`);
  add(reasons, "heat", bandLevel(i.feelsLikeMaxC, profile.heat, "above"), () => `Dangerous heat: it will feel like ${r1(i.feelsLikeMaxC ?? 0)} °C.`);
  add(reasons, "cold", bandLevel(i.feelsLikeMinC, profile.cold, "below"), () => `Severe cold: it will feel like ${r1(i.feelsLikeMinC ?? 0)} °C.`);
  add(reasons, "uv_high", bandLevel(i.uvIndex, profile.uv, "above"), () => `UV index up to ${r1(i.uvIndex ?? 0)}.`);
  add(reasons, "low_visibility", bandLevel(i.visibilityM, profile.visibility, "below"), () => `Visibility down to ${Math.round(i.visibilityM ?? 0)} m (fog).`);

  const codes = i.weatherCodes;
  if (profile.thunderstorm && hasAny(codes, WMO.thunderstorm)) add(reasons, "thunderstorm", profile.thunderstorm, () => "Thunderstorms expected.");
  if (profile.ice && hasAny(codes, WMO.freezing)) add(reasons, "ice", profile.ice, () => "Freezing rain or drizzle: icy surfaces likely.");
  if (profile.snow && hasAny(codes, WMO.snow)) {
    const heavy = hasAny(codes, WMO.heavySnow);
    add(reasons, "snow", heavy && profile.snow === "watch" ? "warning" : profile.snow, () => (heavy ? "Heavy snowfall expected." : "Snowfall expected."));
  }

  for (const a of i.alerts) {
    if (a.severity === "severe" || a.severity === "extreme") add(reasons, "severe_alert", "warning", () => `${a.event} in effect (${a.source}).`);
    else if (profile.outdoor || profile.kind === "transport") add(reasons, "weather_alert", "watch", () => `${a.event} in effect (${a.source}).`);
  }

  if (reasons.length > 1) reasons.sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level]);
  const level = reasons.length ? maxLevel(reasons.map((r) => r.level)) : "low";
  return { level, reasons, recommendation: level === "low" ? null : recommendationFor(reasons[0].code, profile) };
}
