import * as SunCalc from "suncalc";
import { DateTime } from "luxon";

/** Activities that may run in civil twilight (lit towns, a dinner outside); everything else keeps to sunrise-sunset. */
const TWILIGHT_OK: ReadonlySet<string> = new Set(["walking", "walking_tour", "outdoor_dining", "event", "free_time", "running"]);

export interface DaylightJudgement {
  ok: boolean;
  rule: "sun" | "civil_twilight";
  /** The local day's light window at the place (epoch ms; null in polar night/day). */
  fromMs: number | null;
  toMs: number | null;
}

/**
 * The whole window lies between sunrise and sunset at the place (civil dawn and dusk for the
 * activities in TWILIGHT_OK), computed from the sun (suncalc) for the local day of the start.
 * Polar day: always light; polar night: never (nothing outdoors is proposed in the dark).
 */
export function judgeDaylight(w: { startMs: number; endMs: number }, at: { lat: number; lng: number; zone: string }, activity: string): DaylightJudgement {
  const rule = TWILIGHT_OK.has(activity) ? "civil_twilight" : "sun";
  const noon = DateTime.fromMillis(w.startMs, { zone: at.zone }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  const t = SunCalc.getTimes(noon.toJSDate(), at.lat, at.lng);
  const fromMs = (rule === "sun" ? t.sunrise : t.dawn)?.getTime() ?? Number.NaN;
  const toMs = (rule === "sun" ? t.sunset : t.dusk)?.getTime() ?? Number.NaN;
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) {
    const altitude = SunCalc.getPosition(noon.toJSDate(), at.lat, at.lng).altitude;
    const light = altitude > 0;
    return { ok: light, rule, fromMs: null, toMs: null };
  }
  return { ok: w.startMs >= fromMs && w.endMs <= toMs, rule, fromMs, toMs };
}
