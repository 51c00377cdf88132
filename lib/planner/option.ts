import { DateTime } from "luxon";
import type { ProposalChangeInput } from "@/lib/trips/proposals/proposal-schemas";
import { formatInZone } from "@/lib/trips/time";
import type { Risk } from "@/lib/weather/core";
import type { DaylightJudgement } from "./daylight";
import type { Strand } from "./stranded-events";
import { DETOUR_FACTOR } from "./reach";
import { hazardPhrase, optionForecast, optionLabel, remedyPhrase, type Window } from "./describe";
import { plannerDay, plannerText } from "./planner-texts";
import type { PlanBuffers, PlanChecks, PlanInput, PlanLegCheck, PlannerEvent, PlanOption } from "./types";
import type { LegJudgement, WhereaboutsJudgement } from "./whereabouts";

export interface Candidate {
  kind: "move" | "swap" | "rebook";
  w: Window;
  risk: Risk;
  score: number;
  where: WhereaboutsJudgement;
  light: DaylightJudgement | null;
  partner?: PlannerEvent;
  partnerW?: Window;
  partnerRisk?: Risk;
  /** A sailing: the commitments it strands, carried along or named as missed. */
  strands?: Strand[];
}

export interface OptionContext {
  input: PlanInput;
  span: { startMs: number; endMs: number };
  buffers: PlanBuffers;
  current: Window;
  currentRisk: Risk;
  hazard: ReturnType<typeof hazardPhrase>;
}

const MIN = 60_000;
const iso = (ms: number, zone: string) => (Number.isFinite(ms) ? formatInZone(new Date(ms), zone) : null);
const hhmm = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("HH:mm");

/** The travel estimate in the trip's language: "car 50 km/h, 29 km (straight line x1.3)". */
function estimateText(t: LegJudgement["travel"], lang: string | undefined): string {
  if (t.mode === "none") return plannerText(lang, "estimate_none");
  const vars = { speed: t.speedKmh, km: Math.round(t.roadKm), factor: DETOUR_FACTOR };
  return plannerText(lang, t.mode === "walking" ? "estimate_walking" : "estimate_car", vars);
}

function leg(
  j: LegJudgement | null,
  side: "before" | "after",
  w: Window,
  zone: string,
  lang?: string,
): PlanLegCheck | null {
  if (!j) return null;
  const n = j.neighbour;
  return {
    event_id: n?.eventId ?? null,
    place: n ? `${n.title}${(n.to ?? n.from)?.name ? ` (${(n.to ?? n.from)!.name})` : ""}` : null,
    travel_minutes: Math.round(j.travel.ms / MIN),
    estimate: estimateText(j.travel, lang),
    buffer_minutes: Math.round(j.bufferMs / MIN),
    slack_minutes: Math.round(j.slackMs / MIN),
    limit: n?.hard === false ? "soft" : "hard",
    shift: j.slackMs < 0 ? softShift(j, side, w, zone, lang) : null,
  };
}

/**
 * What a negative slack next to a check-in or check-out means for the traveller, with the times
 * ("check in at 15:25 (25 min after 15:00)"): a bare "-25" next to a check-in read as nonsense.
 */
function softShift(j: LegJudgement, side: "before" | "after", w: Window, zone: string, lang?: string): string | null {
  const point = j.neighbour?.point;
  if (!point) return null;
  const planned = hhmm(point.atMs, zone);
  const mins = (ms: number) => Math.round(Math.abs(ms) / MIN);
  if (side === "after") {
    const back = w.endMs + j.travel.ms;
    const vars = { time: hhmm(back, zone), planned, n: mins(back - point.atMs) };
    if (point.kind === "check_in") return plannerText(lang, "shift_check_in_after", vars);
    return plannerText(lang, back > point.atMs ? "shift_check_out_late" : "shift_check_out_back", vars);
  }
  const leave = w.startMs - j.travel.ms;
  const vars = { time: hhmm(leave, zone), planned, n: mins(point.atMs - leave) };
  if (point.kind === "check_out") return plannerText(lang, "shift_check_out_early", vars);
  return plannerText(lang, leave >= point.atMs ? "shift_check_in_quick" : "shift_check_in_later", vars);
}

/** "Dragon's Back hike moves with it to Sat 22 Aug 15:05" / "Craignure Inn (Thu 10 Sep 17:00) would be missed: change or cancel it". */
function strandText(x: Strand, zone: string, lang?: string): string {
  const at = (ms: number) => `${plannerDay(ms, zone, lang)} ${hhmm(ms, zone)}`;
  return x.moved
    ? plannerText(lang, "strand_moved", { title: x.event.title, when: at(x.moved.w.startMs) })
    : plannerText(lang, "strand_missed", { title: x.event.title, when: at(x.event.startMs) });
}

/** An option with what was checked: neighbours and travel, daylight, the trip span, the partner's weather. */
export function toOption(c: Candidate, ctx: OptionContext): PlanOption {
  const e = ctx.input.event;
  const zone = e.timeZone;
  const lang = ctx.input.lang;
  const move = (ev: PlannerEvent, w: Window): ProposalChangeInput => ({
    type: "move_event",
    event_id: ev.id,
    startDateTime: formatInZone(new Date(w.startMs), ev.timeZone),
    endDateTime: ev.endMs === null ? null : formatInZone(new Date(w.endMs), ev.timeZone),
  });
  const strands = c.strands ?? [];
  const carried = strands.flatMap((x) => (x.moved ? [move(x.moved.event, x.moved.w)] : []));
  const changes = c.partner ? [move(e, c.w), move(c.partner, c.partnerW!)] : [move(e, c.w), ...carried];
  const local = DateTime.fromMillis(c.w.startMs, { zone });
  const partnerWeather =
    c.partner && c.partnerRisk ? hazardPhrase(ctx.input.forecast, c.partnerW!, zone, c.partnerRisk, lang).phrase : null;
  const checks: PlanChecks = {
    before: leg(c.where.before, "before", c.w, zone, lang),
    after: leg(c.where.after, "after", c.w, zone, lang),
    daylight: c.light
      ? {
          sunrise: c.light.fromMs === null ? null : iso(c.light.fromMs, zone),
          sunset: c.light.toMs === null ? null : iso(c.light.toMs, zone),
          rule: c.light.rule,
        }
      : { sunrise: null, sunset: null, rule: "not_needed" },
    span: { start: iso(ctx.span.startMs, zone), end: iso(ctx.span.endMs, zone) },
    partner:
      c.partner && c.partnerRisk
        ? {
            event_id: c.partner.id,
            title: c.partner.title,
            start: iso(c.partnerW!.startMs, zone)!,
            end: iso(c.partnerW!.endMs, zone)!,
            risk: c.partnerRisk.level,
            weather: c.partnerRisk.level === "low" ? plannerText(lang, "low_risk") : partnerWeather!,
          }
        : null,
    strands: strands.map((x) => ({
      event_id: x.event.id,
      title: x.event.title,
      start: iso(x.event.startMs, zone)!,
      new_start: x.moved ? iso(x.moved.w.startMs, zone) : null,
      new_end: x.moved && x.moved.event.endMs !== null ? iso(x.moved.w.endMs, zone) : null,
      risk: x.moved?.risk.level ?? null,
    })),
  };
  const sunset = c.light?.toMs
    ? `; ${plannerText(lang, c.light.rule === "sun" ? "sunset" : "dusk", { time: hhmm(c.light.toMs, zone) })}`
    : "";
  const sailing = { day: plannerDay(c.w.startMs, zone, lang), time: hhmm(c.w.startMs, zone) };
  const label =
    c.kind === "rebook" ? plannerText(lang, "rebook_label", sailing) : optionLabel(c.w, zone, c.partner?.title, lang);
  const remedy =
    c.kind === "rebook"
      ? plannerText(lang, "rebook_remedy", { ...sailing, level: plannerText(lang, `level_${c.risk.level}`) })
      : remedyPhrase(
          ctx.hazard.kind,
          c.risk.level,
          ctx.current,
          c.w,
          zone,
          c.partner?.title,
          lang,
          ctx.currentRisk.level,
        );
  const strandNote = strands.map((x) => `; ${strandText(x, zone, lang)}`).join("");
  const partnerNote = checks.partner
    ? `; ${plannerText(lang, "partner_then", { title: c.partner!.title, weather: checks.partner.weather })}`
    : "";
  return {
    id: c.partner ? `swap-${c.partner.id}` : `${c.kind}-${local.toFormat("yyyy-LL-dd'T'HHmm")}`,
    kind: c.kind,
    score: c.score,
    label,
    reason: `${ctx.hazard.phrase}; ${remedy}${strandNote}${partnerNote}${sunset}`.slice(0, 300),
    risk: c.risk.level,
    changes,
    needs_rebooking: c.kind === "rebook",
    rebooking_reason: c.kind === "rebook" ? `${remedy}${strandNote}`.slice(0, 300) : null,
    checks,
    forecast: optionForecast(
      ctx.input.forecast,
      e.id,
      zone,
      [
        { role: "current", w: ctx.current, risk: ctx.currentRisk },
        { role: "proposed", w: c.w, risk: c.risk },
      ],
      ctx.input.place,
    ),
  };
}
