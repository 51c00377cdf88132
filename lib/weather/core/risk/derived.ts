import type { HourlyPoint } from "@/lib/weather/core/types";
import { FREEZING, HEAT_INDEX, RAIN, WIND_CHILL, WMO } from "./thresholds";

/**
 * Hazards inferred from plain values, because real providers often report plain rain near
 * 0 °C and omit feels-like. Every rule cites its source in thresholds.ts.
 */

const inList = (code: number | null, list: readonly number[]) => code !== null && list.includes(code);

/** NWS wind chill (°C) from air temperature (°C) and wind (m/s); null outside its defined range. */
export function windChillC(tempC: number, windMs: number): number | null {
  const v = windMs * 3.6;
  if (tempC > WIND_CHILL.maxC || v < WIND_CHILL.minWindKmh) return null;
  const p = v ** 0.16;
  return 13.12 + 0.6215 * tempC - 11.37 * p + 0.3965 * tempC * p;
}

/** NWS heat index (°C): Rothfusz regression with the NWS adjustments; Steadman's simple form below 80 °F. */
export function heatIndexC(tempC: number, rhPct: number): number {
  const t = (tempC * 9) / 5 + 32;
  const rh = rhPct;
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  let hi = simple;
  if ((simple + t) / 2 >= HEAT_INDEX.minF) {
    hi =
      -42.379 +
      2.04901523 * t +
      10.14333127 * rh -
      0.22475541 * t * rh -
      0.00683783 * t * t -
      0.05481717 * rh * rh +
      0.00122874 * t * t * rh +
      0.00085282 * t * rh * rh -
      0.00000199 * t * t * rh * rh;
    if (rh < 13 && t >= 80 && t <= 112) hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
    else if (rh > 85 && t >= 80 && t <= 87) hi += ((rh - 85) / 10) * ((87 - t) / 5);
  }
  return ((hi - 32) * 5) / 9;
}

/** Feels-like when the provider sent none: wind chill when cold and windy, heat index when hot, else the air temperature. */
export function apparentTemperatureC(tempC: number | null, rhPct: number | null, windMs: number | null): number | null {
  if (tempC === null) return null;
  const chill = windMs === null ? null : windChillC(tempC, windMs);
  if (chill !== null) return chill;
  if (rhPct !== null && (tempC * 9) / 5 + 32 >= HEAT_INDEX.minF) return Math.max(tempC, heatIndexC(tempC, rhPct));
  return tempC;
}

/** Liquid precipitation: a rain/drizzle code, or a measurable amount that is not coded as snow. */
export function isLiquidPrecipitation(h: Pick<HourlyPoint, "precipitationMm" | "weatherCode">): boolean {
  if (inList(h.weatherCode, WMO.snow)) return false;
  return (
    inList(h.weatherCode, WMO.liquid) ||
    inList(h.weatherCode, WMO.freezing) ||
    (h.precipitationMm ?? 0) >= RAIN.measurableMm
  );
}

const frozenAir = (h: HourlyPoint) => h.temperatureC !== null && h.temperatureC <= FREEZING.airC;

/** Freezing precipitation: a freezing code, or liquid precipitation with air at or below 0 °C. */
export function isFreezingPrecipitation(h: HourlyPoint): boolean {
  return inList(h.weatherCode, WMO.freezing) || (frozenAir(h) && isLiquidPrecipitation(h));
}

export interface DerivedHazards {
  freezingPrecipitation: boolean;
  blackIce: boolean;
  snowOnGround: boolean;
}

/**
 * Hazards over a window's hours, with the hours before it (time order) for the surface state.
 * Black ice: a wet surface (liquid precipitation or fog) in the previous 6 h above 0 °C, then an
 * hour at or below 0 °C. Snow on the ground: snowfall within 12 h and air still at or below 0 °C.
 */
export function deriveHazards(window: HourlyPoint[], before: HourlyPoint[]): DerivedHazards {
  const out: DerivedHazards = { freezingPrecipitation: false, blackIce: false, snowOnGround: false };
  const all = [...before, ...window];
  // Parsed only when an hour at or below 0 °C needs the look-back (most windows have none).
  let times: number[] | undefined;
  const timeAt = (k: number) => (times ??= all.map((h) => Date.parse(h.time)))[k];
  const firstWindow = before.length;
  for (let i = firstWindow; i < all.length; i++) {
    const h = all[i];
    if (isFreezingPrecipitation(h)) out.freezingPrecipitation = true;
    if (!frozenAir(h) || (out.blackIce && out.snowOnGround)) continue;
    for (let j = i; j >= 0; j--) {
      const p = all[j];
      const age = (timeAt(i) - timeAt(j)) / 3_600_000;
      if (age > FREEZING.snowLookbackHours) break;
      const wet = isLiquidPrecipitation(p) || inList(p.weatherCode, WMO.fog);
      if (j < i && age <= FREEZING.wetLookbackHours && wet && !frozenAir(p)) out.blackIce = true;
      if (inList(p.weatherCode, WMO.snow)) out.snowOnGround = true;
    }
    // Rime fog deposits ice directly.
    if (h.weatherCode === 48) out.blackIce = true;
  }
  return out;
}

/** Physical rain-rate class (AMS light/moderate/heavy, Met Office violent). */
export type RainClass = "light" | "moderate" | "heavy" | "violent";

export function rainClass(mmH: number): RainClass {
  if (mmH > RAIN.violentMmH) return "violent";
  if (mmH >= RAIN.heavyMmH) return "heavy";
  if (mmH >= RAIN.moderateMmH) return "moderate";
  return "light";
}
