import { DateTime } from "luxon";

/**
 * Options start no earlier than 06:00 and end no later than 23:00 local time (a sailing leaves
 * between 06:00 and 22:00): daylight alone allows a 02:00 hike under the midnight sun and a 03:00
 * ferry before a gale, and no careful traveller would take either. A member's own earlier start or
 * later end widens the band (a planned sunrise hike shows they accept it).
 */
export const EARLIEST_START_MIN = 6 * 60;
export const LATEST_END_MIN = 23 * 60;
export const LATEST_SAILING_MIN = 22 * 60;

/** Minutes since local midnight in `zone`. */
export const minuteOfDay = (ms: number, zone: string) => {
  const t = DateTime.fromMillis(ms, { zone });
  return t.hour * 60 + t.minute;
};

/**
 * A judge of candidate windows against the waking-hours band, widened by the event's own window.
 * The band's instants are computed once for the days around the event (the planner judges every
 * half hour of three days; luxon per candidate would cost more than the rest of the check).
 */
export function wakingHours(
  current: { startMs: number; endMs: number },
  zone: string,
  sailing: boolean,
): (w: { startMs: number; endMs: number }) => boolean {
  const earliest = Math.min(EARLIEST_START_MIN, minuteOfDay(current.startMs, zone));
  const latest = sailing
    ? Math.max(LATEST_SAILING_MIN, minuteOfDay(current.startMs, zone))
    : Math.max(LATEST_END_MIN, minuteOfDay(current.endMs, zone));
  const first = DateTime.fromMillis(current.startMs, { zone }).startOf("day");
  // A window the member put across midnight has no upper bound.
  const open = first.plus({ days: 1 }).toMillis() < current.endMs;
  const at = (d: DateTime, m: number) => d.set({ hour: Math.floor(m / 60), minute: m % 60 }).toMillis();
  const days = [-2, -1, 0, 1, 2].map((n) => {
    const d = first.plus({ days: n });
    return { from: d.toMillis(), to: d.plus({ days: 1 }).toMillis(), earliest: at(d, earliest), latest: at(d, latest) };
  });
  return (w) => {
    const d = days.find((x) => w.startMs >= x.from && w.startMs < x.to);
    if (!d || w.startMs < d.earliest) return false;
    if (sailing) return w.startMs <= d.latest;
    return open || w.endMs <= d.latest;
  };
}
