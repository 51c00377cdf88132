import type { RiskProfile } from "./profiles";
import { maxLevel, LEVEL_RANK, type ReasonCode, type Risk, type RiskInputs, type RiskLevel, type RiskReason } from "./types";
import { WMO } from "./thresholds";
import { recommendationFor } from "./recommendations";

const r1 = (v: number) => Math.round(v * 10) / 10;
const kph = (ms: number) => Math.round(ms * 3.6);

/** Level a value reaches against a band (>= for "above", <= for "below"). */
function bandLevel(value: number | null, band: { watch?: number; warning?: number } | undefined, dir: "above" | "below"): RiskLevel {
  if (value === null || !band) return "low";
  const hit = (t: number | undefined) => t !== undefined && (dir === "above" ? value >= t : value <= t);
  if (hit(band.warning)) return "warning";
  if (hit(band.watch)) return "watch";
  return "low";
}

/**
 * Pure risk assessment of a window's worst conditions against a profile.
 * Reasons are sorted by level (warning first); the recommendation follows the top reason.
 */
export function assessRisk(inputs: RiskInputs, profile: RiskProfile): Risk {
  const reasons: RiskReason[] = [];
  const add = (code: ReasonCode, level: RiskLevel, message: string) => {
    if (level !== "low") reasons.push({ code, level, message });
  };

  const rate = bandLevel(inputs.precipitationMmH, profile.rainRate, "above");
  if (rate === "warning") add("heavy_rain", rate, `Heavy rain expected (up to ${r1(inputs.precipitationMmH!)} mm/h).`);
  else if (rate === "watch") add("moderate_rain", rate, `Steady rain expected (up to ${r1(inputs.precipitationMmH!)} mm/h).`);
  if (profile.rainProbability !== undefined && inputs.precipitationProbabilityPct !== null && inputs.precipitationProbabilityPct >= profile.rainProbability && rate !== "warning") {
    add("rain_likely", "watch", `Rain is likely (${Math.round(inputs.precipitationProbabilityPct)}% chance).`);
  }

  const wind = bandLevel(inputs.windSpeedMs, profile.windSpeed, "above");
  add("strong_wind", wind, `Strong wind expected (${kph(inputs.windSpeedMs ?? 0)} km/h sustained).`);
  const gust = bandLevel(inputs.windGustMs, profile.windGust, "above");
  add("strong_gusts", gust, `Strong gusts expected (up to ${kph(inputs.windGustMs ?? 0)} km/h).`);

  add("heat", bandLevel(inputs.feelsLikeMaxC, profile.heat, "above"), `Dangerous heat: it will feel like ${r1(inputs.feelsLikeMaxC ?? 0)} °C.`);
  add("cold", bandLevel(inputs.feelsLikeMinC, profile.cold, "below"), `Severe cold: it will feel like ${r1(inputs.feelsLikeMinC ?? 0)} °C.`);
  add("uv_high", bandLevel(inputs.uvIndex, profile.uv, "above"), `UV index up to ${r1(inputs.uvIndex ?? 0)}.`);
  add("low_visibility", bandLevel(inputs.visibilityM, profile.visibility, "below"), `Visibility down to ${Math.round(inputs.visibilityM ?? 0)} m (fog).`);

  const codes = new Set(inputs.weatherCodes);
  const any = (list: readonly number[]) => list.some((c) => codes.has(c));
  if (profile.thunderstorm && any(WMO.thunderstorm)) add("thunderstorm", profile.thunderstorm, "Thunderstorms expected.");
  if (profile.ice && any(WMO.freezing)) add("ice", profile.ice, "Freezing rain or drizzle: icy surfaces likely.");
  if (profile.snow && any(WMO.snow)) {
    const heavy = any(WMO.heavySnow);
    add("snow", heavy && profile.snow === "watch" ? "warning" : profile.snow, heavy ? "Heavy snowfall expected." : "Snowfall expected.");
  }

  for (const a of inputs.alerts) {
    if (a.severity === "severe" || a.severity === "extreme") add("severe_alert", "warning", `${a.event} in effect (${a.source}).`);
    else if (profile.outdoor || profile.kind === "transport") add("weather_alert", "watch", `${a.event} in effect (${a.source}).`);
  }

  reasons.sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level]);
  const level = maxLevel(reasons.map((r) => r.level));
  return { level, reasons, recommendation: level === "low" ? null : recommendationFor(reasons[0].code, profile) };
}
