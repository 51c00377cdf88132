import type { PlannerEvent } from "./types";

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Time before a flight's departure and after its arrival that belongs to it (getting to and from the airport). */
export const FLIGHT_BUFFER = { beforeMs: 2 * HOUR, afterMs: 1 * HOUR };
/** A check-in or check-out is a fixed point; this long around it is kept free. */
export const STAY_POINT_MS = 30 * MIN;

export interface Interval {
  startMs: number;
  endMs: number;
  eventId: number;
}

/** Events the planner never moves: flights, trains and stays keep their times. */
export function isFixed(e: Pick<PlannerEvent, "type">): boolean {
  return e.type === "flight" || e.type === "train" || e.type === "accommodation";
}

/** An event's own window; without an end, its first hour. */
export function windowOf(e: Pick<PlannerEvent, "startMs" | "endMs">): { startMs: number; endMs: number } {
  return { startMs: e.startMs, endMs: e.endMs !== null && e.endMs > e.startMs ? e.endMs : e.startMs + HOUR };
}

/**
 * The times other events occupy. A stay is the background of its days, not a conflict: only its
 * check-in and check-out are (short fixed points). A flight holds its airport time around it.
 * A free block is free time. Every other event holds its own window.
 */
export function busyIntervals(others: PlannerEvent[], exclude: ReadonlySet<number>): Interval[] {
  const out: Interval[] = [];
  for (const e of others) {
    if (exclude.has(e.id) || e.type === "free_block") continue;
    if (e.type === "accommodation") {
      out.push({ eventId: e.id, startMs: e.startMs, endMs: e.startMs + STAY_POINT_MS });
      if (e.endMs !== null && e.endMs > e.startMs) out.push({ eventId: e.id, startMs: e.endMs - STAY_POINT_MS, endMs: e.endMs });
      continue;
    }
    const w = windowOf(e);
    if (e.type === "flight") out.push({ eventId: e.id, startMs: w.startMs - FLIGHT_BUFFER.beforeMs, endMs: w.endMs + FLIGHT_BUFFER.afterMs });
    else out.push({ eventId: e.id, ...w });
  }
  return out;
}

export function overlaps(a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

export function conflictWith(w: { startMs: number; endMs: number }, busy: Interval[]): Interval | undefined {
  return busy.find((b) => overlaps(w, b));
}
