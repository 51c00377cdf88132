import * as SunCalc from "suncalc";
import { DateTime } from "luxon";

/** Activities that may run in civil twilight (lit towns, a dinner outside); everything else keeps to sunrise-sunset. */
const TWILIGHT_OK: ReadonlySet<string> = new Set([
  "walking",
  "walking_tour",
  "outdoor_dining",
  "event",
  "free_time",
  "running",
]);

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
export function judgeDaylight(
  w: { startMs: number; endMs: number },
  at: { lat: number; lng: number; zone: string },
  activity: string,
): DaylightJudgement {
  const rule = TWILIGHT_OK.has(activity) ? "civil_twilight" : "sun";
  const noon = DateTime.fromMillis(w.startMs, { zone: at.zone }).set({
    hour: 12,
    minute: 0,
    second: 0,
    millisecond: 0,
  });
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

/**
 * The light windows of the local days around `aroundMs` at a place, computed once (the planner
 * judges hundreds of candidate windows against three days).
 */
const memo = new Map<string, (w: { startMs: number; endMs: number }) => DaylightJudgement>();
const MEMO_MAX = 512;

export function daylightJudge(
  aroundMs: number,
  at: { lat: number; lng: number; zone: string },
  activity: string,
  days = 1,
): (w: { startMs: number; endMs: number }) => DaylightJudgement {
  // Memoised per place, rule and hour (pure: the sun does not change); bounded.
  const key = `${at.lat},${at.lng},${at.zone},${TWILIGHT_OK.has(activity)},${days},${Math.floor(aroundMs / 3_600_000)}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const judge = buildDaylightJudge(aroundMs, at, activity, days);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  memo.set(key, judge);
  return judge;
}

function buildDaylightJudge(
  aroundMs: number,
  at: { lat: number; lng: number; zone: string },
  activity: string,
  days = 1,
): (w: { startMs: number; endMs: number }) => DaylightJudgement {
  const day = DateTime.fromMillis(aroundMs, { zone: at.zone }).startOf("day");
  const cache: Array<{ from: number; to: number; j: (w: { startMs: number; endMs: number }) => DaylightJudgement }> =
    [];
  for (let d = -days; d <= days; d++) {
    const from = day.plus({ days: d });
    const noon = from.set({ hour: 12 }).toMillis();
    const probe = judgeDaylight({ startMs: noon, endMs: noon }, at, activity);
    cache.push({
      from: from.toMillis(),
      to: from.plus({ days: 1 }).toMillis(),
      j: (w) => ({
        ...probe,
        ok: probe.fromMs === null ? probe.ok : w.startMs >= probe.fromMs && w.endMs <= probe.toMs!,
      }),
    });
  }
  return (w) => cache.find((c) => w.startMs >= c.from && w.startMs < c.to)?.j(w) ?? judgeDaylight(w, at, activity);
}
