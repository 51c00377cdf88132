import * as SunCalc from "suncalc";
import { DateTime } from "luxon";
import { evaluateWindow, LEVEL_RANK } from "@/lib/weather/core";
import { isExposedTransport, plannerActivity } from "../activity";
import type { PlanInput, PlannerEvent, PlanResult } from "../types";

const MIN = 60_000;
const TRANSPORT = new Set(["flight", "train", "ferry", "bus"]);
const DEFAULT_BUFFER_MIN: Record<string, number> = { flight: 120, train: 30, ferry: 30, bus: 30 };
const TWILIGHT_OK = new Set(["walking", "walking_tour", "outdoor_dining", "event", "free_time", "running"]);
const end = (e: PlannerEvent) => (e.endMs !== null && e.endMs > e.startMs ? e.endMs : e.startMs + 60 * MIN);

/**
 * Test only: what a careful planner never does, checked independently of the planner's own code:
 * no option moves a fixed point (a ferry only as a marked rebooking), puts the traveller in two
 * places (overlaps another commitment or a departure's buffer), outside daylight at the place,
 * outside the trip's span (before the first arrival, after the last departure, outside its dates),
 * or into weather worse than watch (the swap partner included). Returns the violations.
 */
export function violations(input: PlanInput, res: PlanResult): string[] {
  const out: string[] = [];
  // The trip's own buffers override each default (not only the flight's).
  const b = input.buffers ?? {};
  const BUFFER_MIN: Record<string, number> = {
    flight: b.flightMinutes ?? DEFAULT_BUFFER_MIN.flight,
    train: b.trainMinutes ?? DEFAULT_BUFFER_MIN.train,
    ferry: b.ferryMinutes ?? DEFAULT_BUFFER_MIN.ferry,
    bus: b.busMinutes ?? DEFAULT_BUFFER_MIN.bus,
  };
  const all = [input.event, ...input.others];
  const byId = new Map(all.map((e) => [e.id, e]));
  const sorted = [...input.others]
    .filter((e) => TRANSPORT.has(e.type) || e.type === "accommodation")
    .sort((a, b) => a.startMs - b.startMs);
  const ev = input.event;
  const firstArrival =
    sorted[0] && TRANSPORT.has(sorted[0].type) && end(sorted[0]) <= ev.startMs ? end(sorted[0]) : -Infinity;
  const lastT = [...sorted].sort((a, b) => end(a) - end(b)).at(-1);
  const lastDeparture =
    lastT && TRANSPORT.has(lastT.type) && lastT.startMs >= end(ev)
      ? lastT.startMs - BUFFER_MIN[lastT.type] * MIN
      : Infinity;
  // A trip that opens (or closes) with a stay around the event: not more than three hours before its
  // check-in, not more than three hours after its check-out (nothing booked says the traveller is there).
  const earliestByStay =
    sorted[0]?.type === "accommodation" && sorted[0].startMs <= ev.startMs
      ? sorted[0].startMs - 3 * 60 * MIN
      : -Infinity;
  const latestByStay = lastT?.type === "accommodation" && end(lastT) >= end(ev) ? end(lastT) + 3 * 60 * MIN : Infinity;
  // A sailing that strands nothing is always preferred: never offered beside one that strands something…
  // …and one that misses an event never beside one that misses fewer (or carries everything along).
  const tiers = new Set(
    res.options.map((o) => {
      const s = o.checks?.strands ?? [];
      return s.length ? 1 + s.filter((x) => x.new_start === null).length : 0;
    }),
  );
  if (tiers.size > 1) out.push("sailings that strand different amounts offered side by side");
  for (const o of res.options) {
    const moved = new Map<number, { startMs: number; endMs: number }>();
    for (const c of o.changes) {
      if (c.type !== "move_event") continue;
      const e = byId.get(c.event_id)!;
      const startMs = DateTime.fromISO(c.startDateTime, { zone: e.timeZone }).toMillis();
      moved.set(e.id, { startMs, endMs: startMs + (end(e) - e.startMs) });
      // A scheduled event (concert, match, fireworks) or a performance happens at the organiser's time.
      const performance =
        /\b(theat(re|er)|teatro|opera|ballet|cinema|symphony|musical)\b/i.test(e.title) && !/\btour\b/i.test(e.title);
      const scheduled = e.type === "activity" && (plannerActivity(e) === "event" || performance);
      const fixed = e.fixed || TRANSPORT.has(e.type) || e.type === "accommodation" || scheduled;
      if (fixed && !(o.needs_rebooking && isExposedTransport(e) && e.id === input.event.id))
        out.push(`${o.id} moves fixed ${e.title}`);
    }
    // What the option says it checked agrees: a hard neighbour is never squeezed.
    for (const leg of [o.checks?.before, o.checks?.after])
      if (leg && leg.limit === "hard" && leg.slack_minutes < 0) out.push(`${o.id} squeezes ${leg.place}`);
    const w = moved.get(input.event.id);
    if (!w) {
      out.push(`${o.id} does not move the event`);
      continue;
    }
    const at = (e: PlannerEvent) => moved.get(e.id) ?? { startMs: e.startMs, endMs: end(e) };
    // An event the option names as missed (a sailing strands it) no longer says where the traveller is.
    const missed = new Set((o.checks?.strands ?? []).filter((x) => x.new_start === null).map((x) => x.event_id));
    for (const [id, mw] of moved) {
      for (const other of all) {
        if (other.id === id || other.type === "free_block" || missed.has(other.id)) continue;
        const ow = at(other);
        const before = TRANSPORT.has(other.type) ? BUFFER_MIN[other.type] * MIN : 0;
        const after = other.type === "flight" ? 60 * MIN : 0;
        if (other.type === "accommodation") {
          const points = [
            { startMs: other.startMs, endMs: other.startMs + 30 * MIN },
            { startMs: end(other) - 30 * MIN, endMs: end(other) },
          ];
          for (const p of points)
            if (mw.startMs < p.endMs && p.startMs < mw.endMs)
              out.push(`${o.id} overlaps ${other.title}'s check-in/out`);
          continue;
        }
        if (mw.startMs < ow.endMs + after && ow.startMs - before < mw.endMs)
          out.push(`${o.id} puts ${byId.get(id)!.title} in two places (with ${other.title})`);
      }
    }
    // Every moved event keeps its side of every sea crossing (the Mull hike never goes to the day before
    // the ferry to Mull): judged against the crossing's own time in this option (a rebooked sailing moves).
    for (const [id, mw] of moved) {
      const e = byId.get(id)!;
      for (const c of input.others) {
        // A crossing the option names as missed (a rebooked sailing strands it) is not taken.
        if (c.id === id || missed.has(c.id) || !isExposedTransport(c) || !c.place || !c.endPlace) continue;
        if (Math.abs(c.place.lat - c.endPlace.lat) + Math.abs(c.place.lng - c.endPlace.lng) < 0.02) continue;
        const cw = at(c);
        const wasAfter = e.startMs >= end(c);
        const wasBefore = end(e) <= c.startMs;
        if ((wasAfter && mw.startMs < cw.endMs) || (wasBefore && mw.endMs > cw.startMs))
          out.push(`${o.id} moves ${e.title} across ${c.title}`);
      }
    }
    // Waking hours (06:00-23:00 local, a sailing 06:00-22:00), unless the member's own window was outside them.
    {
      const zone = input.event.place?.zone ?? input.event.timeZone;
      const mod = (ms: number) => {
        const t = DateTime.fromMillis(ms, { zone });
        return t.hour * 60 + t.minute;
      };
      const ownStart = mod(input.event.startMs);
      const ownEnd = mod(end(input.event));
      const crossesMidnight =
        DateTime.fromMillis(input.event.startMs, { zone }).toISODate() !==
        DateTime.fromMillis(end(input.event) - 1, { zone }).toISODate();
      const s = mod(w.startMs);
      if (s < Math.min(360, ownStart)) out.push(`${o.id} starts before 06:00`);
      if (o.needs_rebooking && s > Math.max(22 * 60, ownStart)) out.push(`${o.id} is a sailing after 22:00`);
      const e = mod(w.endMs);
      const sameDay =
        DateTime.fromMillis(w.startMs, { zone }).toISODate() === DateTime.fromMillis(w.endMs - 1, { zone }).toISODate();
      if (!o.needs_rebooking && !crossesMidnight && (!sameDay || (e !== 0 && e > Math.max(23 * 60, ownEnd))))
        out.push(`${o.id} ends after 23:00`);
    }
    // A rebooked sailing keeps its place among the other timed commitments: one it strands is moved
    // along (and then keeps its order) or named as missed in checks.strands, never silently.
    if (o.needs_rebooking) {
      const strands = o.checks?.strands ?? [];
      for (const other of input.others) {
        if (other.type === "accommodation" || other.type === "free_block") continue;
        const ow = at(other);
        const wasAfter = other.startMs >= end(input.event);
        const wasBefore = end(other) <= input.event.startMs;
        if ((wasAfter && ow.startMs < w.endMs) || (wasBefore && ow.endMs > w.startMs)) {
          if (!strands.some((x) => x.event_id === other.id && x.new_start === null))
            out.push(`${o.id} strands ${other.title} without naming it`);
        }
      }
      for (const x of strands)
        if ((x.new_start !== null) !== moved.has(x.event_id))
          out.push(`${o.id} misreports what it does with ${x.title}`);
    }
    if (!o.needs_rebooking) {
      if (w.startMs < firstArrival || w.endMs > lastDeparture) out.push(`${o.id} is outside the trip's span`);
      if (w.startMs < earliestByStay || w.endMs > latestByStay) out.push(`${o.id} is outside the trip's stays`);
      const t = input.tripDates;
      if (t?.start && w.startMs < DateTime.fromISO(t.start, { zone: t.zone }).toMillis())
        out.push(`${o.id} is before the trip's dates`);
      if (t?.end && w.endMs > DateTime.fromISO(t.end, { zone: t.zone }).plus({ days: 1 }).toMillis())
        out.push(`${o.id} is after the trip's dates`);
      const p = input.event.place ?? { lat: input.forecast.lat, lng: input.forecast.lng, zone: input.event.timeZone };
      const noon = DateTime.fromMillis(w.startMs, { zone: p.zone }).set({ hour: 12 }).toJSDate();
      const sun = SunCalc.getTimes(noon, p.lat, p.lng);
      const twilight = TWILIGHT_OK.has(plannerActivity(input.event));
      const from = (twilight ? sun.dawn : sun.sunrise)?.getTime();
      const to = (twilight ? sun.dusk : sun.sunset)?.getTime();
      if (from && to && !(Number.isNaN(from) || Number.isNaN(to)) && (w.startMs < from || w.endMs > to))
        out.push(`${o.id} is outside daylight`);
    }
    // Half an hour clear of thunderstorm hours (NWS 30-minute rule), the moved event and its partner.
    for (const [id, mw] of moved) {
      const thunder = input.forecast.hourly.some((h) => {
        const t = Date.parse(h.time);
        return (h.weatherCode ?? 0) >= 95 && t < mw.endMs + 30 * MIN && t + 60 * MIN > mw.startMs - 30 * MIN;
      });
      if (thunder) out.push(`${o.id} puts ${byId.get(id)!.title} within half an hour of thunder`);
    }
    for (const [id, mw] of moved) {
      const e = byId.get(id)!;
      const level = evaluateWindow(input.forecast, {
        startMs: mw.startMs,
        endMs: mw.endMs,
        activityType: plannerActivity(e),
      }).risk.level;
      if (LEVEL_RANK[level] > LEVEL_RANK.watch) out.push(`${o.id} puts ${e.title} into ${level}`);
    }
  }
  return out;
}
