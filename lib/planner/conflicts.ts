import type { PlannerEvent } from "./types";

const HOUR = 3_600_000;

/** An event's own window; without an end, its first hour. */
export function windowOf(e: Pick<PlannerEvent, "startMs" | "endMs">): { startMs: number; endMs: number } {
  return { startMs: e.startMs, endMs: e.endMs !== null && e.endMs > e.startMs ? e.endMs : e.startMs + HOUR };
}

export function overlaps(a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}
