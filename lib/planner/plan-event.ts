import { DateTime } from "luxon";
import { activityOfEvent } from "@/lib/trips/activity-of-event";
import type { ProposalChangeInput } from "@/lib/trips/proposal-schemas";
import { formatInZone } from "@/lib/trips/time";
import { evaluateWindow, hoursIn } from "@/lib/weather/evaluate-weather";
import { activityProfile } from "@/lib/weather/risk/profiles";
import { LEVEL_RANK, type Risk, type RiskLevel } from "@/lib/weather/risk/types";
import type { NormalizedForecast } from "@/lib/weather/types";
import { busyIntervals, conflictWith, isFixed, overlaps, windowOf, type Interval } from "./conflicts";
import { hazardPhrase, optionForecast, optionLabel, remedyPhrase, type Window } from "./describe";
import type { PlanInput, PlanOption, PlannerEvent, PlanResult } from "./types";

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Candidate starts every half hour; nothing proposed to start within the next hour. */
export const STEP_MS = 30 * MIN;
export const LEAD_MS = HOUR;
/** Without a day/night flag in the forecast, daylight is taken as 07:00-20:00 local. */
const FALLBACK_DAY = { from: 7, to: 20 };
/** The target: at most watch (and better than now). */
const TARGET: RiskLevel = "watch";

interface Candidate {
  kind: "move" | "swap";
  w: Window;
  risk: Risk;
  score: number;
  partner?: PlannerEvent;
  partnerW?: Window;
}

/**
 * The weather planner (pure: no I/O). For an outdoor event at or above the threshold, ranked
 * options: move it to a window on its day or an adjacent day where its risk is at most watch, in
 * daylight, clear of other timed events and fixed points; or swap it with an indoor event of its day.
 */
export function planEvent(input: PlanInput): PlanResult {
  const { event, forecast: f } = input;
  const zone = event.timeZone;
  const activity = activityOfEvent(event).activity_type;
  const profile = activityProfile(activity);
  const current = windowOf(event);
  const judged = evaluateWindow(f, { startMs: current.startMs, endMs: current.endMs, activityType: activity });
  const currentOut = { level: judged.metrics.observed_at ? judged.risk.level : null, reasons: judged.risk.reasons.map((r) => r.message) };
  const none = (status: PlanResult["status"]): PlanResult => ({ status, current: currentOut, options: [] });
  if (judged.metrics.observed_at === null) return none("no_forecast");
  if (isFixed(event) || !profile.outdoor) return none("not_at_risk");
  if (LEVEL_RANK[judged.risk.level] < LEVEL_RANK[input.threshold ?? "warning"]) return none("not_at_risk");

  const acceptable = (r: Risk) => LEVEL_RANK[r.level] <= LEVEL_RANK[TARGET] && LEVEL_RANK[r.level] < LEVEL_RANK[judged.risk.level];
  const duration = current.endMs - current.startMs;
  const judge = (w: Window) => evaluateWindow(f, { startMs: w.startMs, endMs: w.endMs, activityType: activity });
  const fits = (w: Window, busy: Interval[]) =>
    w.startMs >= input.now.getTime() + LEAD_MS && inTrip(w, input) && covered(f, w) && daylight(f, w, zone) && !conflictWith(w, busy);

  const candidates: Candidate[] = [];
  const busy = busyIntervals(input.others, new Set([event.id]));
  for (const startMs of candidateStarts(event.startMs, zone)) {
    if (startMs === event.startMs) continue;
    const w = { startMs, endMs: startMs + duration };
    if (!fits(w, busy)) continue;
    const { risk } = judge(w);
    if (acceptable(risk)) candidates.push({ kind: "move", w, risk, score: score(risk, w, current, zone, 0) });
  }
  for (const partner of swapPartners(input)) {
    const pw = windowOf(partner);
    const w = { startMs: pw.startMs, endMs: pw.startMs + duration };
    const partnerW = { startMs: current.startMs, endMs: current.startMs + (pw.endMs - pw.startMs) };
    const rest = busyIntervals(input.others, new Set([event.id, partner.id]));
    if (!fits(w, rest) || overlaps(w, partnerW) || conflictWith(partnerW, rest) || partnerW.startMs < input.now.getTime()) continue;
    const { risk } = judge(w);
    if (acceptable(risk)) candidates.push({ kind: "swap", w, risk, partner, partnerW, score: score(risk, w, current, zone, 0.05) });
  }
  const chosen = pickDiverse(candidates, input.maxOptions ?? 3);
  if (!chosen.length) return none("no_option");
  const hazard = hazardPhrase(f, current, zone, judged.risk);
  return { status: "options", current: currentOut, options: chosen.map((c) => toOption(c, input, hazard, judged.risk, current)) };
}

function toOption(c: Candidate, input: PlanInput, hazard: ReturnType<typeof hazardPhrase>, currentRisk: Risk, current: Window): PlanOption {
  const e = input.event;
  const zone = e.timeZone;
  const move = (ev: PlannerEvent, w: Window): ProposalChangeInput => ({
    type: "move_event",
    event_id: ev.id,
    startDateTime: formatInZone(new Date(w.startMs), ev.timeZone),
    endDateTime: ev.endMs === null ? null : formatInZone(new Date(w.endMs), ev.timeZone),
  });
  const changes = c.partner ? [move(e, c.w), move(c.partner, c.partnerW!)] : [move(e, c.w)];
  const local = DateTime.fromMillis(c.w.startMs, { zone });
  return {
    id: c.partner ? `swap-${c.partner.id}` : `move-${local.toFormat("yyyy-LL-dd'T'HHmm")}`,
    kind: c.kind,
    score: c.score,
    label: optionLabel(c.w, zone, c.partner?.title),
    reason: `${hazard.phrase}; ${remedyPhrase(hazard.kind, c.risk.level, current, c.w, zone, c.partner?.title)}`.slice(0, 300),
    risk: c.risk.level,
    changes,
    forecast: optionForecast(input.forecast, e.id, zone, [
      { role: "current", w: current, risk: currentRisk },
      { role: "proposed", w: c.w, risk: c.risk },
    ], input.place),
  };
}

/** Half-hour starts over the event's local day and the days either side. */
function candidateStarts(startMs: number, zone: string): number[] {
  const day = DateTime.fromMillis(startMs, { zone }).startOf("day");
  const out: number[] = [];
  for (let d = -1; d <= 1; d++) {
    const from = day.plus({ days: d });
    const to = from.plus({ days: 1 }).toMillis();
    for (let t = from.toMillis(); t < to; t += STEP_MS) out.push(t);
  }
  return out;
}

/** Indoor, movable events of the event's local day. */
function swapPartners(input: PlanInput): PlannerEvent[] {
  const zone = input.event.timeZone;
  const day = DateTime.fromMillis(input.event.startMs, { zone }).toISODate();
  return input.others.filter(
    (o) => !isFixed(o) && o.type !== "free_block" && !activityProfile(activityOfEvent(o).activity_type).outdoor && DateTime.fromMillis(o.startMs, { zone }).toISODate() === day,
  );
}

function inTrip(w: Window, input: PlanInput): boolean {
  const t = input.tripDates;
  if (!t) return true;
  const day = DateTime.fromMillis(w.startMs, { zone: t.zone }).toISODate()!;
  return (!t.start || day >= t.start) && (!t.end || day <= t.end);
}

/** Every hour of the window is in the forecast (nothing judged on hours it does not have). */
function covered(f: NormalizedForecast, w: Window): boolean {
  const expected = Math.floor((w.endMs - 1) / HOUR) - Math.floor(w.startMs / HOUR) + 1;
  return hoursIn(f, w.startMs, w.endMs - 1).length >= expected;
}

function daylight(f: NormalizedForecast, w: Window, zone: string): boolean {
  const hours = hoursIn(f, w.startMs, w.endMs - 1);
  if (hours.some((h) => h.isDay === false)) return false;
  if (hours.every((h) => h.isDay === true)) return true;
  const from = DateTime.fromMillis(w.startMs, { zone });
  const to = DateTime.fromMillis(w.endMs, { zone });
  return from.hasSame(to.minus(1), "day") && from.hour >= FALLBACK_DAY.from && to.hour + to.minute / 60 <= FALLBACK_DAY.to;
}

/** 1 for a low-risk window at the same time; less for watch, for the shift, another day, a swap. */
function score(r: Risk, w: Window, current: Window, zone: string, extra: number): number {
  const shiftH = Math.min(Math.abs(w.startMs - current.startMs) / HOUR, 48);
  const otherDay = DateTime.fromMillis(w.startMs, { zone }).toISODate() !== DateTime.fromMillis(current.startMs, { zone }).toISODate();
  const s = (r.level === "low" ? 1 : 0.75) - (shiftH / 48) * 0.3 - (otherDay ? 0.05 : 0) - extra;
  return Math.round(s * 1000) / 1000;
}

/** Best first; a move is kept only when its window does not overlap a better one already kept. */
function pickDiverse(cands: Candidate[], max: number): Candidate[] {
  const sorted = [...cands].sort((a, b) => b.score - a.score || a.w.startMs - b.w.startMs);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    if (kept.length >= max) break;
    if (c.kind === "move" && kept.some((k) => k.kind === "move" && overlaps(k.w, c.w))) continue;
    kept.push(c);
  }
  return kept;
}
