import type { ReasonValues } from "@/lib/weather/core/i18n/advice";
import type { HourlyPoint, PollenKind } from "@/lib/weather/core/types";
import type { RiskProfile } from "./profiles";
import { AIR, POLLEN_HIGH, SEA, STEEPNESS } from "./thresholds";
import type { ReasonCode, RiskLevel, SupplementInputs } from "./types";

export const NO_SUPPLEMENTS: SupplementInputs = {
  waveHeightM: null,
  wavePeriodS: null,
  waveDirectionDeg: null,
  usAqi: null,
  europeanAqi: null,
  pm2_5: null,
  pm10: null,
  pollen: null,
};

const hi = (a: number | null, b: number | null | undefined) => (b == null ? a : a === null || b > a ? b : a);

/** One pass over the window's hours; the wave period and direction are those of the highest waves. */
export function supplementInputs(hours: HourlyPoint[]): SupplementInputs {
  const out: SupplementInputs = { ...NO_SUPPLEMENTS };
  let pollenRatio = -1;
  for (const h of hours) {
    if (h.waveHeightM != null && (out.waveHeightM === null || h.waveHeightM > out.waveHeightM)) {
      out.waveHeightM = h.waveHeightM;
      out.wavePeriodS = h.wavePeriodS ?? null;
      out.waveDirectionDeg = h.waveDirectionDeg ?? null;
    }
    const aq = h.airQuality;
    if (!aq) continue;
    out.usAqi = hi(out.usAqi, aq.usAqi);
    out.europeanAqi = hi(out.europeanAqi, aq.europeanAqi);
    out.pm2_5 = hi(out.pm2_5, aq.pm2_5);
    out.pm10 = hi(out.pm10, aq.pm10);
    for (const [kind, count] of Object.entries(aq.pollen)) {
      if (count == null) continue;
      const ratio = count / (POLLEN_HIGH[kind] ?? Infinity);
      if (ratio > pollenRatio) {
        pollenRatio = ratio;
        out.pollen = { kind: kind as PollenKind, count };
      }
    }
  }
  return out;
}

export interface SupplementReason {
  code: ReasonCode;
  level: RiskLevel;
  values: ReasonValues;
}

/** WMO sea state code 3700 by significant wave height: moderate 1.25–2.5 m, rough 2.5–4 m, very rough and above from 4 m. */
export function seaStateCode(heightM: number): "moderate_sea" | "rough_sea" | "high_waves" {
  return heightM >= SEA.veryRoughM ? "high_waves" : heightM >= SEA.roughM ? "rough_sea" : "moderate_sea";
}

/** How much harder a sea of this height and period is on small craft (1 when the period is unknown). */
export function steepnessFactor(heightM: number, periodS: number | null): number {
  if (periodS == null || periodS <= 0) return 1;
  const steepness = heightM / (1.56 * periodS * periodS);
  return steepness >= STEEPNESS.verySteep
    ? STEEPNESS.verySteepFactor
    : steepness >= STEEPNESS.steep
      ? STEEPNESS.steepFactor
      : 1;
}

function band(value: number | null, watch: number | undefined, warning: number | undefined): RiskLevel {
  if (value === null) return "low";
  if (warning !== undefined && value >= warning) return "warning";
  if (watch !== undefined && value >= watch) return "watch";
  return "low";
}

/**
 * Sea state for profiles with a wave band (ferries by vessel class, beach, boat tours): watch =
 * `rough_sea`, warning = `high_waves`. Air quality and pollen for strenuous outdoor profiles:
 * the worse of the US (EPA) and European (EEA) AQI bands; pollen at most a watch.
 */
export function supplementReasons(s: SupplementInputs | undefined, profile: RiskProfile): SupplementReason[] {
  const out: SupplementReason[] = [];
  if (!s) return out;
  if (profile.waves && s.waveHeightM !== null) {
    const h = s.waveHeightM;
    const factor = profile.smallCraft ? steepnessFactor(h, s.wavePeriodS) : 1;
    const level = band(h * factor, profile.waves.watch, profile.waves.warning);
    if (level !== "low") {
      // The code names the sea as WMO does for its height; steep_sea when only its steepness raised it.
      const raisedBySteepness = factor > 1 && band(h, profile.waves.watch, profile.waves.warning) !== level;
      const code = raisedBySteepness ? "steep_sea" : seaStateCode(h);
      out.push({ code, level, values: { heightM: h, ...(s.wavePeriodS != null ? { periodS: s.wavePeriodS } : {}) } });
    }
  }
  // Strenuous profiles from "unhealthy for sensitive groups" / "poor"; every other outdoor profile
  // from "very unhealthy" / "extremely poor" (watch) and "hazardous" (warning): EPA and EEA say
  // everyone should then cut or avoid time outdoors, not only people exerting themselves.
  if (profile.exertion || profile.outdoor) {
    const us = profile.exertion
      ? band(s.usAqi, AIR.usWatch, AIR.usWarning)
      : band(s.usAqi, AIR.usVeryUnhealthy, AIR.usHazardous);
    const eu = profile.exertion
      ? band(s.europeanAqi, AIR.europeanWatch, AIR.europeanWarning)
      : band(s.europeanAqi, AIR.europeanExtremelyPoor, undefined);
    // Hazardous air is a warning for exertion too (already: its warning starts at "unhealthy").
    const rank = { low: 0, watch: 1, warning: 2 } as const;
    if (us !== "low" || eu !== "low") {
      const useUs = rank[us] >= rank[eu];
      out.push({
        code: "poor_air_quality",
        level: useUs ? us : eu,
        values: useUs ? { aqi: s.usAqi!, scale: "us" } : { aqi: s.europeanAqi!, scale: "european" },
      });
    }
  }
  if (profile.exertion) {
    if (s.pollen && s.pollen.count >= (POLLEN_HIGH[s.pollen.kind] ?? Infinity)) {
      out.push({ code: "high_pollen", level: "watch", values: { kind: s.pollen.kind, count: s.pollen.count } });
    }
  }
  return out;
}
