import type { RiskProfile } from "./profiles";
import {
  compareReasons,
  maxLevel,
  type ReasonCode,
  type Risk,
  type RiskInputs,
  type RiskLevel,
  type RiskReason,
} from "./types";
import { WMO } from "./thresholds";
import { rainClass } from "./derived";
import { recommendationFor } from "./recommendations";
import { supplementReasons } from "./supplements";
import { rateAlert } from "./alert-levels";
import {
  DEFAULT_ADVICE_LOCALE,
  formatReason,
  type AdviceLocale,
  type ReasonValues,
} from "@/lib/weather/core/i18n/advice";

/** Level a value reaches against a band (>= for "above", <= for "below"). */
function bandLevel(
  value: number | null,
  band: { watch?: number; warning?: number } | undefined,
  dir: "above" | "below",
): RiskLevel {
  if (value === null || !band) return "low";
  if (band.warning !== undefined && (dir === "above" ? value >= band.warning : value <= band.warning)) return "warning";
  if (band.watch !== undefined && (dir === "above" ? value >= band.watch : value <= band.watch)) return "watch";
  return "low";
}

interface Pending {
  code: ReasonCode;
  level: RiskLevel;
  values: ReasonValues;
}

// Module-level helper (no per-call closures: this runs for every timeline item and hour).
function add(out: Pending[], code: ReasonCode, level: RiskLevel | undefined, values: ReasonValues): void {
  if (level && level !== "low") out.push({ code, level, values });
}

function hasAny(codes: number[], list: readonly number[]): boolean {
  for (const c of codes) if (list.includes(c)) return true;
  return false;
}

const RATE_CODE = {
  light: "light_rain",
  moderate: "moderate_rain",
  heavy: "heavy_rain",
  violent: "violent_rain",
} as const;

/**
 * Pure risk assessment of a window's worst conditions against a profile.
 * The reason code states the physical hazard (e.g. the rain-rate class); the profile decides
 * its level. Reasons are sorted by level, then physical severity; the recommendation follows
 * the top reason. Messages are in the locale's language and units (default en, metric).
 */
export function assessRisk(
  inputs: RiskInputs,
  profile: RiskProfile,
  locale: AdviceLocale = DEFAULT_ADVICE_LOCALE,
): Risk {
  const pending: Pending[] = [];
  const i = inputs;
  const d = i.derived;
  const codes = i.weatherCodes;
  const what = hasAny(codes, WMO.snow) ? "snow" : "rain";

  const rate = bandLevel(i.precipitationMmH, profile.rainRate, "above");
  if (rate !== "low")
    add(pending, RATE_CODE[rainClass(i.precipitationMmH!)], rate, { rateMmH: i.precipitationMmH!, what });
  if (
    profile.rainProbability !== undefined &&
    i.precipitationProbabilityPct !== null &&
    i.precipitationProbabilityPct >= profile.rainProbability &&
    rate !== "warning"
  ) {
    add(pending, "rain_likely", "watch", { pct: i.precipitationProbabilityPct, what });
  }

  if (i.windSpeedMs !== null)
    add(pending, "strong_wind", bandLevel(i.windSpeedMs, profile.windSpeed, "above"), { speedMs: i.windSpeedMs });
  if (i.windGustMs !== null)
    add(pending, "strong_gusts", bandLevel(i.windGustMs, profile.windGust, "above"), { speedMs: i.windGustMs });
  if (i.feelsLikeMaxC !== null)
    add(pending, "heat", bandLevel(i.feelsLikeMaxC, profile.heat, "above"), { tempC: i.feelsLikeMaxC });
  if (i.feelsLikeMinC !== null)
    add(pending, "cold", bandLevel(i.feelsLikeMinC, profile.cold, "below"), { tempC: i.feelsLikeMinC });
  if (i.uvIndex !== null) add(pending, "uv_high", bandLevel(i.uvIndex, profile.uv, "above"), { uv: i.uvIndex });
  if (i.visibilityM !== null)
    add(pending, "low_visibility", bandLevel(i.visibilityM, profile.visibility, "below"), { distanceM: i.visibilityM });

  if (hasAny(codes, WMO.thunderstorm)) add(pending, "thunderstorm", profile.thunderstorm, {});
  const coldest = i.temperatureMinC ?? 0;
  // Freezing precipitation: a freezing code, or liquid precipitation at or below 0 °C (derived).
  if (hasAny(codes, WMO.freezing) || d?.freezingPrecipitation)
    add(pending, "freezing_rain", profile.ice, { tempC: coldest });
  else if (d?.blackIce) add(pending, "ice", profile.ice, { tempC: coldest });
  if (hasAny(codes, WMO.snow)) {
    const heavy = hasAny(codes, WMO.heavySnow);
    add(pending, "snow", heavy && profile.snow === "watch" ? "warning" : profile.snow, { heavy });
  } else if (profile.roadSurface && d?.snowOnGround) {
    add(pending, "snow_on_road", profile.snow, { tempC: coldest });
  }

  for (const a of i.alerts) {
    // Country-level notices (an area we could not place) never raise a point's risk.
    if (a.scope === "country") continue;
    const r = rateAlert(a, profile);
    if (r) add(pending, r.code, r.level, { event: a.event, source: a.source });
  }

  for (const r of supplementReasons(i.supplements, profile)) add(pending, r.code, r.level, r.values);

  if (pending.length > 1) pending.sort(compareReasons);
  const reasons: RiskReason[] = pending.map((p) => ({
    code: p.code,
    level: p.level,
    message: formatReason(p.code, p.values, locale),
  }));
  const level = reasons.length ? maxLevel(reasons.map((r) => r.level)) : "low";
  return {
    level,
    reasons,
    recommendation: level === "low" ? null : recommendationFor(reasons[0].code, profile, locale),
  };
}
