import { DateTime } from "luxon";
import { resolveLanguage } from "@/lib/i18n/languages";
import {
  evaluateWindow,
  hoursIn,
  activityProfile,
  LEVEL_RANK,
  type Risk,
  type RiskLevel,
  type NormalizedForecast,
} from "@/lib/weather/core";
import { isExposedTransport, plannerActivity } from "./activity";
import { overlaps, windowOf } from "./conflicts";
import { daylightJudge, type DaylightJudgement } from "./daylight";
import { hazardPhrase } from "./describe";
import { toOption, type Candidate } from "./option";
import { buffersOf, isFixed, travel } from "./reach";
import type { PlanInput, PlannerEvent, PlannerPlace, PlanResult } from "./types";
import {
  carryAlong,
  crossesWater,
  crossingsOf,
  shiftedBySailing,
  strandedBy,
  type CarryJudge,
  type Strand,
} from "./stranded-events";
import { minuteOfDay, wakingHours } from "./waking-hours";
import { commitmentsOf, judgeWhereabouts, tripSpan } from "./whereabouts";

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Candidate starts every half hour; nothing proposed to start within the next hour. */
export const STEP_MS = 30 * MIN;
export const LEAD_MS = HOUR;
/** The target: at most watch (and better than now). */
const TARGET: RiskLevel = "watch";
/**
 * Clear of thunderstorm hours by this much on either side (NWS lightning safety's 30-minute rule:
 * wait half an hour after the last thunder; a storm forecast to end at 15:00 does not make 15:00 safe).
 */
export const LIGHTNING_CLEARANCE_MS = 30 * MIN;
/** A swap partner further than this from the event is not judged on the event's forecast. */
const SWAP_RADIUS_KM = 30;

/**
 * The weather planner (pure: no I/O). For an outdoor event at or above the threshold, ranked
 * options: move it to a window on its day or an adjacent day where its risk is at most watch, in
 * daylight at its place, inside the trip's span, where the traveller can be (whereabouts, travel
 * time, departure buffers) and clear of fixed points; or swap it with an indoor event of its day
 * whose new window is rated too. A ferry or boat leg at warning gets rebooking options (the
 * nearest sailing windows at most watch, same or next day). Fixed points are never moved.
 */
export function planEvent(input: PlanInput): PlanResult {
  const { event, forecast: f } = input;
  const activity = plannerActivity(event);
  const profile = activityProfile(activity);
  const exposed = isExposedTransport(event);
  const current = windowOf(event);
  // Risk reasons in the trip's language too: they open an option's reason when no hazard class names it.
  const locale = { language: resolveLanguage(input.lang), units: "metric" as const };
  const judge = (w: { startMs: number; endMs: number }, act = activity) =>
    evaluateWindow(f, { startMs: w.startMs, endMs: w.endMs, activityType: act, locale }).risk;
  const judged = evaluateWindow(f, { startMs: current.startMs, endMs: current.endMs, activityType: activity, locale });
  const currentOut = {
    level: judged.metrics.observed_at ? judged.risk.level : null,
    reasons: judged.risk.reasons.map((r) => r.message),
  };
  const none = (status: PlanResult["status"]): PlanResult => ({ status, current: currentOut, options: [] });
  if (judged.metrics.observed_at === null) return none("no_forecast");
  const level = judged.risk.level;
  const atThreshold = LEVEL_RANK[level] >= LEVEL_RANK[exposed ? "warning" : (input.threshold ?? "warning")];
  if (!atThreshold) return none("not_at_risk");
  if (!exposed && isFixed(event)) return none("fixed_at_risk");
  if (!exposed && !profile.outdoor) return none("not_at_risk");

  const buffers = buffersOf(input.buffers);
  const span = tripSpan(input, buffers);
  const place: PlannerPlace | null =
    event.place ?? (input.place ? { lat: input.place.lat, lng: input.place.lng, zone: event.timeZone } : null);
  const sunAt = place ?? { lat: f.lat, lng: f.lng, zone: event.timeZone };
  const acceptable = (r: Risk) => LEVEL_RANK[r.level] <= LEVEL_RANK[TARGET] && LEVEL_RANK[r.level] < LEVEL_RANK[level];
  const duration = current.endMs - current.startMs;
  const ctx = {
    input,
    span,
    buffers,
    current,
    currentRisk: judged.risk,
    hazard: hazardPhrase(f, current, event.timeZone, judged.risk, input.lang),
  };
  const daylight = daylightJudge(event.startMs, sunAt, activity);
  const basic = (w: { startMs: number; endMs: number }) =>
    w.startMs >= input.now.getTime() + LEAD_MS && w.startMs >= span.startMs && w.endMs <= span.endMs && covered(f, w);

  const candidates: Candidate[] = [];
  const own = commitmentsOf(input.others, new Set([event.id]), buffers);
  const awake = wakingHours(current, sunAt.zone, exposed);
  const crossings = crossingsOf(input.others, event.id);
  /** A stranded event in its carried-along window: its risk when safe there (as a move would be judged), else null. */
  const fits =
    (sailing: PlannerEvent): CarryJudge =>
    (o, w, plan) => {
      const at = o.place ?? null;
      // Judged on the sailing's forecast, so only near it (as a swap partner is); fixed points never follow.
      if (isFixed(o) || o.type === "free_block" || (at && travel(at, sunAt).km > SWAP_RADIUS_KM)) return null;
      if (crossesWater(windowOf(o), w, crossings)) return null;
      const act = plannerActivity(o);
      // A meal keeps its time of day (within the hour): a dinner carried to 16:00 is no dinner.
      if (o.type === "food" && Math.abs(minuteOfDay(w.startMs, o.timeZone) - minuteOfDay(o.startMs, o.timeZone)) > 60)
        return null;
      if (!basic(w) || !wakingHours(windowOf(o), o.timeZone, false)(w) || thundery(f, w, LIGHTNING_CLEARANCE_MS))
        return null;
      if (activityProfile(act).outdoor && !daylightJudge(o.startMs, at ?? sunAt, act)(w).ok) return null;
      if (!judgeWhereabouts(w, at, commitmentsOf([...plan, sailing], new Set([o.id]), buffers)).ok) return null;
      const risk = judge(w, act);
      return LEVEL_RANK[risk.level] <= LEVEL_RANK[TARGET] ? risk : null;
    };
  for (const startMs of candidateStarts(event.startMs, event.timeZone, exposed)) {
    if (startMs === event.startMs) continue;
    const w = { startMs, endMs: startMs + duration };
    if (!basic(w) || !awake(w) || (!exposed && crossesWater(current, w, crossings))) continue;
    const light: DaylightJudgement | null = exposed ? null : daylight(w);
    if (light && !light.ok) continue;
    if (thundery(f, w, LIGHTNING_CLEARANCE_MS)) continue;
    // A sailing that strands later (or earlier) commitments carries them along where safe, else names them.
    let strands: Strand[] = [];
    let around = own;
    const stranded = exposed ? strandedBy(current, w, own, event.timeZone) : [];
    if (stranded.length) {
      const sailing = { ...event, startMs: w.startMs, endMs: event.endMs === null ? null : w.endMs };
      const others = input.others.filter((o) => o.id !== event.id);
      const carried = carryAlong(stranded, current, w, others, fits(sailing));
      strands = carried.strands;
      const missed = new Set(strands.filter((x) => !x.moved).map((x) => x.event.id));
      around = commitmentsOf(
        carried.plan.filter((o) => !missed.has(o.id)),
        new Set([event.id]),
        buffers,
      );
    }
    if (exposed) around = shiftedBySailing(around, current, w);
    const where = judgeWhereabouts(w, place, around, exposed ? (event.endPlace ?? place) : place);
    if (!where.ok) continue;
    const risk = judge(w);
    if (!acceptable(risk)) continue;
    const kind = exposed ? "rebook" : "move";
    candidates.push({
      kind,
      w,
      risk,
      where,
      light,
      strands,
      score: score(risk, w, current, event.timeZone, 0, exposed),
    });
  }
  // Only the least disruptive sailings: strand-free ones when any exist, else those that carry
  // everything along, else those that miss the fewest events.
  const tier = (c: Candidate) => (c.strands?.length ? 1 + c.strands.filter((x) => !x.moved).length : 0);
  const best = Math.min(...candidates.map(tier));
  for (let i = candidates.length - 1; i >= 0; i--) if (tier(candidates[i]) > best) candidates.splice(i, 1);
  if (!exposed) {
    for (const partner of swapPartners(input, place)) {
      const pw = windowOf(partner);
      const w = { startMs: pw.startMs, endMs: pw.startMs + duration };
      const partnerW = { startMs: current.startMs, endMs: current.startMs + (pw.endMs - pw.startMs) };
      if (
        !basic(w) ||
        overlaps(w, partnerW) ||
        crossesWater(current, w, crossings) ||
        crossesWater(pw, partnerW, crossings) ||
        partnerW.startMs < input.now.getTime() ||
        partnerW.startMs < span.startMs ||
        partnerW.endMs > span.endMs
      )
        continue;
      const light = daylight(w);
      if (!light.ok || thundery(f, w, LIGHTNING_CLEARANCE_MS)) continue;
      const rest = commitmentsOf(input.others, new Set([event.id, partner.id]), buffers);
      const where = judgeWhereabouts(w, place, rest);
      const partnerPlace = partner.place ?? place;
      const withMe = commitmentsOf(
        [...input.others, { ...event, startMs: w.startMs, endMs: w.endMs }],
        new Set([partner.id]),
        buffers,
      );
      if (!where.ok || !judgeWhereabouts(partnerW, partnerPlace, withMe).ok) continue;
      const risk = judge(w);
      const partnerActivity = plannerActivity(partner);
      const partnerRisk = judge(partnerW, partnerActivity);
      // Never send the partner out into warning, nor into thunderstorm hours (getting there is the exposure).
      if (
        !acceptable(risk) ||
        LEVEL_RANK[partnerRisk.level] > LEVEL_RANK[TARGET] ||
        thundery(f, partnerW, LIGHTNING_CLEARANCE_MS)
      )
        continue;
      candidates.push({
        kind: "swap",
        w,
        risk,
        where,
        light,
        partner,
        partnerW,
        partnerRisk,
        score: score(risk, w, current, event.timeZone, 0.05, false),
      });
    }
  }
  const chosen = pickDiverse(candidates, input.maxOptions ?? 3);
  if (!chosen.length) return none("no_option");
  return { status: "options", current: currentOut, options: chosen.map((c) => toOption(c, ctx)) };
}

/** Half-hour starts over the event's local day and the days either side (a sailing: its day and the next). */
function candidateStarts(startMs: number, zone: string, exposed: boolean): number[] {
  const day = DateTime.fromMillis(startMs, { zone }).startOf("day");
  const out: number[] = [];
  for (let d = exposed ? 0 : -1; d <= 1; d++) {
    const from = day.plus({ days: d });
    const to = from.plus({ days: 1 }).toMillis();
    for (let t = from.toMillis(); t < to; t += STEP_MS) out.push(t);
  }
  return out;
}

/**
 * Indoor, movable events of the event's local day, near enough to share its forecast. Not meals: a
 * breakfast is a breakfast because of its hour (breakfast at 14:00 so a hike gets the dry morning
 * is not a swap a traveller would take).
 */
function swapPartners(input: PlanInput, place: PlannerPlace | null): PlannerEvent[] {
  const zone = input.event.timeZone;
  const day = DateTime.fromMillis(input.event.startMs, { zone }).toISODate();
  return input.others.filter(
    (o) =>
      !isFixed(o) &&
      o.type !== "free_block" &&
      o.type !== "food" &&
      !isExposedTransport(o) &&
      !activityProfile(plannerActivity(o)).outdoor &&
      DateTime.fromMillis(o.startMs, { zone }).toISODate() === day &&
      (!o.place || !place || travel(o.place, place).km <= SWAP_RADIUS_KM),
  );
}

function thundery(f: NormalizedForecast, w: { startMs: number; endMs: number }, clearanceMs = 0): boolean {
  return hoursIn(f, w.startMs - clearanceMs, w.endMs + clearanceMs - 1).some((h) => (h.weatherCode ?? 0) >= 95);
}

/** Every hour of the window is in the forecast (nothing judged on hours it does not have). */
function covered(f: NormalizedForecast, w: { startMs: number; endMs: number }): boolean {
  const expected = Math.floor((w.endMs - 1) / HOUR) - Math.floor(w.startMs / HOUR) + 1;
  return hoursIn(f, w.startMs, w.endMs - 1).length >= expected;
}

/** 1 for a low-risk window at the same time; less for watch, for the shift, another day, a swap. A sailing: nearest first. */
function score(
  r: Risk,
  w: { startMs: number },
  current: { startMs: number },
  zone: string,
  extra: number,
  nearestFirst: boolean,
): number {
  const shiftH = Math.min(Math.abs(w.startMs - current.startMs) / HOUR, 48);
  const otherDay =
    DateTime.fromMillis(w.startMs, { zone }).toISODate() !== DateTime.fromMillis(current.startMs, { zone }).toISODate();
  const s = nearestFirst
    ? 1 - (shiftH / 48) * 0.9 - (r.level === "low" ? 0 : 0.05)
    : (r.level === "low" ? 1 : 0.75) - (shiftH / 48) * 0.3 - (otherDay ? 0.05 : 0) - extra;
  return Math.round(s * 1000) / 1000;
}

/** Best first; a move is kept only when its window does not overlap a better one already kept. */
function pickDiverse(cands: Candidate[], max: number): Candidate[] {
  const sorted = [...cands].sort((a, b) => b.score - a.score || a.w.startMs - b.w.startMs);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    if (kept.length >= max) break;
    if (c.kind !== "swap" && kept.some((k) => k.kind !== "swap" && overlaps(k.w, c.w))) continue;
    kept.push(c);
  }
  return kept;
}
