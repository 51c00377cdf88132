import { DateTime } from "luxon";
import { bufferAfterMs, bufferBeforeMs, isTransport, travel, type TravelEstimate } from "./reach";
import type { PlanBuffers, PlanInput, PlannerEvent, PlannerPlace } from "./types";

const HOUR = 3_600_000;
/** A check-in or check-out keeps this long free; no travel time or buffer is required around it (soft). */
export const STAY_POINT_MS = 30 * 60_000;
/**
 * With no transport to say when the traveller arrives or leaves, a stay bounds the trip at its
 * check-in less this allowance and its check-out plus it (a morning arrival leaving bags, an
 * afternoon after check-out): soft limits, but not the whole day (a 06:00 hike on the day of a
 * 15:00 check-in assumes an arrival nobody booked).
 */
export const STAY_ALLOWANCE_MS = 3 * HOUR;

/**
 * A commitment that says where the traveller is: a placed event (from its start place to its end
 * place), a transport leg (in transit between departure and arrival), a check-in or check-out
 * (a point at the stay). Hard ones block their window plus buffers; soft ones (check-in and
 * check-out) keep only their half hour free and say where the traveller is based.
 */
export interface Commitment {
  eventId: number;
  title: string;
  startMs: number;
  endMs: number;
  from: PlannerPlace | null;
  to: PlannerPlace | null;
  hard: boolean;
  /** Kept free before the start (a departure's buffer) and after the end (leaving an airport). */
  beforeMs: number;
  afterMs: number;
  /** A stay's check-in or check-out point (soft), with the stay's own time (check-in from, check-out by). */
  point?: { kind: "check_in" | "check_out"; atMs: number };
}

const windowEnd = (e: PlannerEvent) => (e.endMs !== null && e.endMs > e.startMs ? e.endMs : e.startMs + HOUR);

export function commitmentsOf(events: PlannerEvent[], exclude: ReadonlySet<number>, b: PlanBuffers): Commitment[] {
  const out: Commitment[] = [];
  for (const e of events) {
    if (exclude.has(e.id) || e.type === "free_block") continue;
    const place = e.place ?? null;
    if (e.type === "accommodation") {
      out.push({
        eventId: e.id,
        title: e.title,
        startMs: e.startMs,
        endMs: e.startMs + STAY_POINT_MS,
        from: place,
        to: place,
        hard: false,
        beforeMs: 0,
        afterMs: 0,
        point: { kind: "check_in", atMs: e.startMs },
      });
      if (e.endMs !== null && e.endMs > e.startMs)
        out.push({
          eventId: e.id,
          title: e.title,
          startMs: e.endMs - STAY_POINT_MS,
          endMs: e.endMs,
          from: place,
          to: place,
          hard: false,
          beforeMs: 0,
          afterMs: 0,
          point: { kind: "check_out", atMs: e.endMs },
        });
      continue;
    }
    const to = isTransport(e) ? (e.endPlace ?? null) : place;
    out.push({
      eventId: e.id,
      title: e.title,
      startMs: e.startMs,
      endMs: windowEnd(e),
      from: place,
      to,
      hard: true,
      beforeMs: bufferBeforeMs(e, b),
      afterMs: bufferAfterMs(e),
    });
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/**
 * When the traveller is at the trip's places: from the first arrival to the last departure. The
 * first thing in time bounds the start (a transport: its arrival; a stay: its check-in less
 * STAY_ALLOWANCE_MS) and the last bounds the end (a transport: its departure less its buffer; a stay:
 * its check-out plus STAY_ALLOWANCE_MS);
 * dated trips are also bounded by their dates. An anchor bounds only the side of the event it is on. The subject's own current window always counts as
 * inside (it is evidence the traveller is there). An undated trip without transport or stays is open.
 */
export function tripSpan(input: PlanInput, b: PlanBuffers): { startMs: number; endMs: number } {
  let startMs = -Infinity;
  let endMs = Infinity;
  const anchors = input.others
    .filter((e) => e.id !== input.event.id && (isTransport(e) || e.type === "accommodation"))
    .sort((x, y) => x.startMs - y.startMs);
  const ev = input.event;
  // An anchor bounds only the side it is on (a flight home after the event says nothing about when the trip began).
  // A stay is on both sides of the events inside it: its check-in bounds the start and its check-out
  // the end (without this, an undated trip that opens with a stay had its hike moved to the day before
  // the traveller checks in).
  const first = anchors[0];
  if (first && (isTransport(first) ? windowEnd(first) : first.startMs) <= ev.startMs) {
    startMs = isTransport(first) ? windowEnd(first) + bufferAfterMs(first) : first.startMs - STAY_ALLOWANCE_MS;
  }
  const last = [...anchors].sort((x, y) => windowEnd(x) - windowEnd(y)).at(-1);
  if (last && (isTransport(last) ? last.startMs : windowEnd(last)) >= windowEnd(ev)) {
    endMs = isTransport(last) ? last.startMs - bufferBeforeMs(last, b) : windowEnd(last) + STAY_ALLOWANCE_MS;
  }
  const t = input.tripDates;
  if (t?.start) startMs = Math.max(startMs, DateTime.fromISO(t.start, { zone: t.zone }).startOf("day").toMillis());
  if (t?.end)
    endMs = Math.min(endMs, DateTime.fromISO(t.end, { zone: t.zone }).plus({ days: 1 }).startOf("day").toMillis());
  return { startMs: Math.min(startMs, ev.startMs), endMs: Math.max(endMs, windowEnd(ev)) };
}

export interface LegJudgement {
  neighbour: Commitment | null;
  travel: TravelEstimate;
  bufferMs: number;
  slackMs: number;
}

export interface WhereaboutsJudgement {
  ok: boolean;
  why: string | null;
  before: LegJudgement | null;
  after: LegJudgement | null;
}

/**
 * Can the traveller be at `place` for the whole window `w`? Not while a hard commitment or its
 * buffers run; with time to get there from the previous commitment's place and on to the next
 * one (and its departure buffer); and never further than a day excursion from where they are
 * before and after (the last and next commitments with a known place). A transport leg leaves from
 * `place` and arrives at `endPlace`: the next commitment is reached from its arrival.
 */
export function judgeWhereabouts(
  w: { startMs: number; endMs: number },
  place: PlannerPlace | null,
  cs: Commitment[],
  endPlace: PlannerPlace | null = place,
): WhereaboutsJudgement {
  const no = (why: string): WhereaboutsJudgement => ({ ok: false, why, before: null, after: null });
  for (const c of cs)
    if (w.startMs < c.endMs + c.afterMs && c.startMs - c.beforeMs < w.endMs) return no(`overlaps ${c.title}`);
  // One pass, no allocation (judged for every candidate start): the nearest commitments either side.
  let prev: Commitment | null = null;
  let lastKnown: Commitment | null = null;
  let next: Commitment | null = null;
  let nextKnown: Commitment | null = null;
  let prevHard: Commitment | null = null;
  let nextHard: Commitment | null = null;
  for (const c of cs) {
    if (c.endMs <= w.startMs) {
      if (!prev || c.endMs > prev.endMs) prev = c;
      if (c.to && (!lastKnown || c.endMs > lastKnown.endMs)) lastKnown = c;
      if (c.hard && (!prevHard || c.endMs > prevHard.endMs)) prevHard = c;
    }
    if (c.startMs >= w.endMs) {
      if (!next || c.startMs < next.startMs) next = c;
      if (c.from && (!nextKnown || c.startMs < nextKnown.startMs)) nextKnown = c;
      if (c.hard && (!nextHard || c.startMs < nextHard.startMs)) nextHard = c;
    }
  }
  // A soft neighbour (a check-in that may shift) does not free the traveller from the hard one
  // behind it: landing at KEF at 11:40, a glacier 190 min away is not reached at 15:30 because the
  // 15:00 check-in in Reykjavík is "after the event".
  if (prevHard && prevHard !== prev && w.startMs < prevHard.endMs + prevHard.afterMs + travel(prevHard.to, place).ms)
    return no(`no time to get there from ${prevHard.title}`);
  if (
    nextHard &&
    nextHard !== next &&
    w.endMs + travel(endPlace, nextHard.from).ms > nextHard.startMs - nextHard.beforeMs
  )
    return no(`no time to get to ${nextHard.title}`);
  if (place && lastKnown && !travel(lastKnown.to, place).reachable)
    return no(`the traveller is at ${lastKnown.to!.name ?? "another place"} then`);
  if (endPlace && nextKnown && !travel(endPlace, nextKnown.from).reachable)
    return no(`the traveller must be at ${nextKnown.from!.name ?? "another place"} next`);
  let b: LegJudgement | null = null;
  let a: LegJudgement | null = null;
  if (prev) {
    const t = travel(prev.to ?? lastKnown?.to, place);
    const slackMs = w.startMs - (prev.endMs + prev.afterMs + t.ms);
    if (prev.hard && slackMs < 0) return no(`no time to get there from ${prev.title}`);
    b = { neighbour: prev, travel: t, bufferMs: prev.afterMs, slackMs };
  }
  if (next) {
    const t = travel(endPlace, next.from ?? nextKnown?.from);
    const slackMs = next.startMs - next.beforeMs - t.ms - w.endMs;
    if (next.hard && slackMs < 0) return no(`no time to get to ${next.title}`);
    a = { neighbour: next, travel: t, bufferMs: next.beforeMs, slackMs };
  }
  return { ok: true, why: null, before: b, after: a };
}
