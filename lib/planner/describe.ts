import { DateTime } from "luxon";
import {
  hoursIn,
  LEVEL_RANK,
  SEA,
  type Risk,
  type ReasonCode,
  type RiskLevel,
  type HourlyPoint,
  type NormalizedForecast,
} from "@/lib/weather/core";
import { formatInZone } from "@/lib/trips/time";
import { PROPOSAL_LIMITS } from "@/lib/trips/proposal-limits";
import { plannerDay, plannerText } from "./planner-texts";
import type { PlanOptionForecast } from "./types";

const HOUR = 3_600_000;
/** What counts as the hazard hour by hour (same physical classes as the risk engine's watch bands). */
const RAIN_MM_H = 0.5;
const GUST_KPH = 50;

export interface Window {
  startMs: number;
  endMs: number;
}

type Hazard = {
  kind: "thunder" | "rain" | "wind" | "waves";
  test: (h: HourlyPoint) => boolean;
  peak: (h: HourlyPoint) => number;
};

const HAZARDS: Hazard[] = [
  { kind: "thunder", test: (h) => (h.weatherCode ?? 0) >= 95, peak: (h) => h.precipitationMm ?? 0 },
  { kind: "rain", test: (h) => (h.precipitationMm ?? 0) >= RAIN_MM_H, peak: (h) => h.precipitationMm ?? 0 },
  { kind: "wind", test: (h) => (h.windGustMs ?? 0) * 3.6 >= GUST_KPH, peak: (h) => (h.windGustMs ?? 0) * 3.6 },
  // Moderate sea (WMO 4) and up: what small craft feel; named so a kayak's reason says when the sea calms.
  { kind: "waves", test: (h) => (h.waveHeightM ?? 0) >= SEA.moderateM, peak: (h) => h.waveHeightM ?? 0 },
];

/** The hazard class each risk reason speaks of. */
const REASON_KIND: Partial<Record<ReasonCode, Hazard["kind"]>> = {
  thunderstorm: "thunder",
  rain_likely: "rain",
  light_rain: "rain",
  moderate_rain: "rain",
  heavy_rain: "rain",
  violent_rain: "rain",
  strong_wind: "wind",
  strong_gusts: "wind",
  rough_sea: "waves",
  moderate_sea: "waves",
  steep_sea: "waves",
  high_waves: "waves",
};

const hhmm = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("HH:mm");
const sameDay = (a: number, b: number, zone: string) =>
  DateTime.fromMillis(a, { zone }).toISODate() === DateTime.fromMillis(b, { zone }).toISODate();
const round = (v: number) => (v >= 10 ? Math.round(v) : Math.round(v * 10) / 10);

/**
 * "14:00-17:00" within a day; a spell across midnight names its days ("Fri 21 Aug 22:00-Sat 22 Aug
 * 20:00") and a spell to midnight ends at 24:00: "22:00-20:00" or "00:00-00:00" read as nonsense.
 */
function spell(from: number, to: number, zone: string, lang?: string): string {
  // A spell to midnight ends at 24:00 of its day, not "00:00".
  const end = sameDay(from, to, zone) ? hhmm(to, zone) : "24:00";
  if (sameDay(from, to - 1, zone)) return `${hhmm(from, zone)}-${end}`;
  return `${plannerDay(from, zone, lang)} ${hhmm(from, zone)}-${plannerDay(to, zone, lang)} ${hhmm(to, zone)}`;
}

/** A spell is widened at most this far each way: a forecast's whole length (16 days). */
const SPELL_MAX_HOURS = 16 * 24;

/** The hazard of the current window, widened to the contiguous hours around it ("rain 8 mm/h 14:00-17:00"). */
export function hazardPhrase(
  f: NormalizedForecast,
  w: Window,
  zone: string,
  risk: Risk,
  lang?: string,
): { phrase: string; kind: Hazard["kind"] | "other"; endMs: number } {
  const inWindow = hoursIn(f, w.startMs, w.endMs - 1);
  // What drives the risk is named first: a ferry at warning in a gale with rain is "gusts 97 km/h",
  // not "rain 9 mm/h" (rain is no reason for a ferry); then the other classes the risk names.
  const rank = (hz: Hazard) => {
    const hits = risk.reasons.filter((r) => REASON_KIND[r.code] === hz.kind);
    return hits.some((r) => r.level === risk.level) ? 0 : hits.length ? 1 : 2;
  };
  for (const hz of [...HAZARDS].sort((a, b) => rank(a) - rank(b))) {
    const hit = inWindow.filter(hz.test);
    if (!hit.length) continue;
    let from = Date.parse(hit[0].time);
    let to = Date.parse(hit[hit.length - 1].time) + HOUR;
    // Widen to the whole spell so "dry after" names when it really ends: a gale of a day and a half
    // read as ending 12 hours after the event when the widening stopped there.
    for (let i = 0; i < SPELL_MAX_HOURS; i++) {
      const [prev] = hoursIn(f, from - HOUR, from - HOUR);
      if (!prev || Date.parse(prev.time) !== from - HOUR || !hz.test(prev)) break;
      from -= HOUR;
    }
    for (let i = 0; i < SPELL_MAX_HOURS; i++) {
      const [next] = hoursIn(f, to, to);
      if (!next || Date.parse(next.time) !== to || !hz.test(next)) break;
      to += HOUR;
    }
    const peak = round(Math.max(...hoursIn(f, from, to - 1).map(hz.peak)));
    const what = plannerText(lang, hz.kind, { mm: peak, kph: peak, m: peak });
    return { phrase: `${what} ${spell(from, to, zone, lang)}`, kind: hz.kind, endMs: to };
  }
  const first = risk.reasons[0]?.message ?? plannerText(lang, "weather_risk");
  return {
    phrase: `${first.replace(/\.$/, "")} ${hhmm(w.startMs, zone)}-${hhmm(w.endMs, zone)}`,
    kind: "other",
    endMs: w.endMs,
  };
}

/**
 * The word that says what the option's window finds (issue 42 item 3): "dry"/"calm"/"low risk" at
 * low, a comparative ("drier", "calmer", "lower risk") only when the window's level is below the
 * current one; otherwise the level itself ("watch", "warning"), so the words never promise
 * better weather than the risk shown beside them.
 */
export function remedyWordKey(
  kind: Hazard["kind"] | "other",
  level: RiskLevel,
  currentLevel: RiskLevel,
): "calm" | "calmer" | "low_risk" | "lower_risk" | "dry" | "drier" | `level_${RiskLevel}` {
  const low = level === "low";
  if (!low && LEVEL_RANK[level] >= LEVEL_RANK[currentLevel]) return `level_${level}`;
  if (kind === "wind" || kind === "waves") return low ? "calm" : "calmer";
  if (kind === "other") return low ? "low_risk" : "lower_risk";
  return low ? "dry" : "drier";
}

/** The second half of the reason: where the option puts the event and what it finds there. */
export function remedyPhrase(
  kind: Hazard["kind"] | "other",
  level: RiskLevel,
  current: Window,
  to: Window,
  zone: string,
  swapWith?: string,
  lang?: string,
  currentLevel: RiskLevel = "warning",
): string {
  const word = plannerText(lang, remedyWordKey(kind, level, currentLevel));
  const from = hhmm(to.startMs, zone);
  const until = hhmm(to.endMs, zone);
  const when = !sameDay(current.startMs, to.startMs, zone)
    ? `${plannerDay(to.startMs, zone, lang)} ${from}-${until}`
    : to.startMs >= current.startMs
      ? plannerText(lang, "after", { time: from })
      : plannerText(lang, "until", { time: until });
  return swapWith ? plannerText(lang, "swap_remedy", { title: swapWith, word, from, to: until }) : `${word} ${when}`;
}

export function optionLabel(to: Window, zone: string, swapWith?: string, lang?: string): string {
  return swapWith
    ? plannerText(lang, "swap_label", { title: swapWith })
    : plannerText(lang, "move_label", {
        day: plannerDay(to.startMs, zone, lang),
        from: hhmm(to.startMs, zone),
        to: hhmm(to.endMs, zone),
      });
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** The forecast an option relies on: both windows with their risk, and the hours behind them. */
export function optionForecast(
  f: NormalizedForecast,
  eventId: number,
  zone: string,
  windows: Array<{ role: "current" | "proposed"; w: Window; risk: Risk }>,
  place?: { lat: number; lng: number; snapshotId?: string | null },
): PlanOptionForecast {
  const seen = new Set<string>();
  const hours = windows
    .flatMap(({ w }) => hoursIn(f, w.startMs, w.endMs - 1))
    .filter((h) => !seen.has(h.time) && seen.add(h.time))
    .sort((a, b) => a.time.localeCompare(b.time))
    .slice(0, PROPOSAL_LIMITS.forecastHours);
  return {
    provider: f.provider,
    snapshot_id: place?.snapshotId ?? null,
    fetched_at: f.fetchedAt,
    lat: place?.lat ?? f.lat,
    lng: place?.lng ?? f.lng,
    windows: windows.map(({ role, w, risk }) => ({
      role,
      event_id: eventId,
      start: formatInZone(new Date(w.startMs), zone),
      end: formatInZone(new Date(w.endMs), zone),
      risk_level: risk.level,
      reasons: risk.reasons.slice(0, 10).map((r) => r.message.slice(0, 300)),
    })),
    hours: hours.map((h) => ({
      time: new Date(Date.parse(h.time)).toISOString(),
      precipitation_mm: r1(h.precipitationMm),
      precipitation_probability: h.precipitationProbabilityPct,
      wind_gust_kph: h.windGustMs === null ? null : r1(h.windGustMs * 3.6),
      temperature_c: r1(h.temperatureC),
      weather_code: h.weatherCode,
      is_day: h.isDay,
    })),
  };
}
