import { DateTime } from "luxon";
import type { Commitment } from "./whereabouts";

/**
 * Options start no earlier than 06:00 and end no later than 23:00 local time (a sailing leaves
 * between 06:00 and 22:00): daylight alone allows a 02:00 hike under the midnight sun and a 03:00
 * ferry before a gale, and no careful traveller would take either. A member's own earlier start or
 * later end widens the band (a planned sunrise hike shows they accept it).
 */
export const EARLIEST_START_MIN = 6 * 60;
export const LATEST_END_MIN = 23 * 60;
export const LATEST_SAILING_MIN = 22 * 60;

const minuteOfDay = (ms: number, zone: string) => {
  const t = DateTime.fromMillis(ms, { zone });
  return t.hour * 60 + t.minute;
};

/** A judge of candidate windows against the waking-hours band, widened by the event's own window. */
export function wakingHours(
  current: { startMs: number; endMs: number },
  zone: string,
  sailing: boolean,
): (w: { startMs: number; endMs: number }) => boolean {
  const earliest = Math.min(EARLIEST_START_MIN, minuteOfDay(current.startMs, zone));
  const sameDay = (a: number, b: number) =>
    DateTime.fromMillis(a, { zone }).toISODate() === DateTime.fromMillis(b - 1, { zone }).toISODate();
  // A window the member put across midnight has no upper bound.
  const open = !sameDay(current.startMs, current.endMs);
  if (sailing) {
    const latest = Math.max(LATEST_SAILING_MIN, minuteOfDay(current.startMs, zone));
    return (w) => {
      const m = minuteOfDay(w.startMs, zone);
      return m >= earliest && m <= latest;
    };
  }
  const latestEnd = Math.max(LATEST_END_MIN, minuteOfDay(current.endMs, zone));
  return (w) =>
    minuteOfDay(w.startMs, zone) >= earliest &&
    (open ||
      (sameDay(w.startMs, w.endMs) && (minuteOfDay(w.endMs, zone) <= latestEnd || minuteOfDay(w.endMs, zone) === 0)));
}

/**
 * A rebooked sailing must not strand the traveller: it keeps its place in the itinerary's order. A
 * commitment the member put after the booked sailing (the hike on Mull after the ferry to Mull) may
 * not now start before the new arrival, nor one put before it end after the new departure: cars do
 * not cross the sea, so the travel estimate alone cannot see this, and a place's distance to either
 * pier says little across a harbour. A check-in or check-out (soft) may shift within its own day,
 * not to another day (that needs another night booked). Returns the stranded commitment or null.
 */
export function strandedBy(
  current: { startMs: number; endMs: number },
  w: { startMs: number; endMs: number },
  cs: Commitment[],
  zone: string,
): Commitment | null {
  const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate();
  for (const c of cs) {
    const later = c.startMs >= current.endMs && c.startMs < w.endMs;
    const earlier = c.endMs <= current.startMs && c.endMs > w.startMs;
    if (!later && !earlier) continue;
    if (!c.hard && (later ? day(c.startMs) === day(w.endMs) : day(c.endMs) === day(w.startMs))) continue;
    return c;
  }
  return null;
}
