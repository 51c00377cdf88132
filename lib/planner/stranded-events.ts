import { DateTime } from "luxon";
import type { Risk } from "@/lib/weather/core";
import { isExposedTransport } from "./activity";
import { windowOf } from "./conflicts";
import { travel, WALK_KM } from "./reach";
import type { PlannerEvent } from "./types";
import type { Commitment } from "./whereabouts";

type Window = { startMs: number; endMs: number };

/**
 * A rebooked sailing keeps its place in the itinerary's order. A commitment the member put after the
 * booked sailing (the hike on Mull after the ferry to Mull) that would now start before the new
 * arrival, or one put before it that would end after the new departure, is stranded: cars do not
 * cross the sea, so the travel estimate alone cannot see this, and a place's distance to either pier
 * says little across a harbour. A check-in or check-out (soft) may shift within its own day, not to
 * another day (that needs another night booked). Returns every stranded commitment, in time order.
 */
export function strandedBy(current: Window, w: Window, cs: Commitment[], zone: string): Commitment[] {
  const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate();
  return cs.filter((c) => {
    const later = c.startMs >= current.endMs && c.startMs < w.endMs;
    const earlier = c.endMs <= current.startMs && c.endMs > w.startMs;
    if (!later && !earlier) return false;
    return c.hard || (later ? day(c.startMs) !== day(w.endMs) : day(c.endMs) !== day(w.startMs));
  });
}

/**
 * The check-ins and check-outs a rebooked sailing shifts within their day (not stranded): a check-in
 * on the far side follows the new arrival, a check-out on this side comes before the new departure.
 * Re-timed so the option's checks say so ("check in at 18:10 (190 min after 15:00)"): judged where
 * they were, the Naxos check-in at 15:00 read as a 25-minute drive from Naxos to the 17:00 sailing
 * from Paros.
 */
export function shiftedBySailing(cs: Commitment[], current: Window, w: Window): Commitment[] {
  return cs.map((c) => {
    if (c.hard) return c;
    const span = c.endMs - c.startMs;
    // Only one the sailing now jumps wholly; one it overlaps stays where it is (and rules the sailing out).
    if (c.startMs >= current.endMs && c.endMs <= w.startMs) return { ...c, startMs: w.endMs, endMs: w.endMs + span };
    if (c.endMs <= current.startMs && c.startMs >= w.endMs)
      return { ...c, startMs: w.startMs - span, endMs: w.startMs };
    return c;
  });
}

/** A stranded event and what the option does with it: moved along with the sailing, or named as missed. */
export interface Strand {
  event: { id: number; title: string; startMs: number; timeZone: string };
  /** Its new window (the same gap to the sailing as before) and the weather there; null: it cannot follow. */
  moved: { event: PlannerEvent; w: Window; risk: Risk } | null;
}

/** Judges one stranded event in a window of its own: its risk when the window is safe, else null. */
export type CarryJudge = (e: PlannerEvent, w: Window, plan: PlannerEvent[]) => Risk | null;

const STEP_MS = 30 * 60_000;

/**
 * Where a stranded event may go: first the same gap to the sailing as planned (the plan keeps its
 * shape: ferry at 06:00 instead of 10:00, the hike at 09:00 instead of 13:00); then, nearest its
 * planned time, one that was after the sailing at the half hours from the new arrival on (the hike on
 * Mull right after the later crossing), one that was before at the half hours back from the new
 * departure.
 */
function carriedWindows(own: Window, current: Window, sailing: Window): Window[] {
  const delta = sailing.startMs - current.startMs;
  const duration = own.endMs - own.startMs;
  const shifted = { startMs: own.startMs + delta, endMs: own.endMs + delta };
  const out: Window[] = [shifted];
  if (own.startMs >= current.endMs)
    for (let s = Math.ceil(sailing.endMs / STEP_MS) * STEP_MS; s < shifted.startMs; s += STEP_MS)
      out.push({ startMs: s, endMs: s + duration });
  else
    for (let e = Math.floor(sailing.startMs / STEP_MS) * STEP_MS; e > shifted.endMs; e -= STEP_MS)
      out.push({ startMs: e - duration, endMs: e });
  return out;
}

/**
 * What a rebooked sailing does to the commitments it strands: each stranded event follows it to the
 * window nearest its planned time that `fits` finds safe against the plan so far (after a later
 * crossing, the hike starts once the traveller is across); a fixed point (a stay's check-in, a
 * flight), or an event with no safe window, is named as missed: the traveller decides, the planner
 * never hides it.
 */
export function carryAlong(
  stranded: Commitment[],
  current: Window,
  sailing: Window,
  plan: PlannerEvent[],
  fits: CarryJudge,
): { strands: Strand[]; plan: PlannerEvent[] } {
  const strands: Strand[] = [];
  let now = plan;
  for (const id of new Set(stranded.map((c) => c.eventId))) {
    const e = now.find((x) => x.id === id);
    const c = stranded.find((x) => x.eventId === id)!;
    const named = { id, title: c.title, startMs: e?.startMs ?? c.startMs, timeZone: e?.timeZone ?? "UTC" };
    if (!e) {
      strands.push({ event: named, moved: null });
      continue;
    }
    let w: Window | null = null;
    let risk: Risk | null = null;
    for (const cand of carriedWindows(windowOf(e), current, sailing)) {
      risk = fits(e, cand, now);
      if (risk) {
        w = cand;
        break;
      }
    }
    if (!w || !risk) {
      strands.push({ event: named, moved: null });
      continue;
    }
    const moved = { ...e, startMs: w.startMs, endMs: e.endMs === null ? null : w.endMs };
    now = now.map((x) => (x.id === id ? moved : x));
    strands.push({ event: named, moved: { event: e, w, risk } });
  }
  return { strands, plan: now };
}

/** The itinerary's sea crossings: ferry and boat legs between two different places (not a round trip). */
export function crossingsOf(events: PlannerEvent[], except: number): Window[] {
  return events
    .filter(
      (e) =>
        e.id !== except && isExposedTransport(e) && e.place && e.endPlace && travel(e.place, e.endPlace).km > WALK_KM,
    )
    .map(windowOf);
}

/**
 * Moving an event from `from` to `to` takes it to the other side of a crossing: the hike on Mull to the
 * day before the ferry to Mull, when the traveller is still in Oban. Cars do not cross the sea, so the
 * travel estimate (20 km by car) cannot see it; the planner never moves an event across a crossing.
 */
export function crossesWater(from: Window, to: Window, crossings: Window[]): boolean {
  return crossings.some(
    (c) => (c.endMs <= from.startMs && to.startMs < c.endMs) || (c.startMs >= from.endMs && to.endMs > c.startMs),
  );
}
