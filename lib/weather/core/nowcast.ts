import { formatMessage, type AdviceLocale } from "./i18n/advice";
import type { MinutelyPoint, NormalizedForecast } from "./types";

/**
 * Next-hour precipitation (issue 31): the provider's minutely series (Open-Meteo 15-minute steps,
 * OpenWeather 1-minute steps) over the next 2 hours, the one-line nowcast, and the rate risk uses
 * for windows that start within those 2 hours.
 */
export const NOWCAST_HORIZON_MS = 2 * 3_600_000;
/** Wet from 0.1 mm/h (the AMS trace limit; RAIN.measurableMm is per hour). */
export const WET_MM_H = 0.1;
/** Precipitation probability kept for a window the minutely series finds dry throughout (%). */
export const NOWCAST_DRY_MAX_PROBABILITY = 10;

/** The steps overlapping [now, now + 2 h); null when the provider sent none. */
export function minutelyAhead(
  f: NormalizedForecast,
  nowMs: number,
): { stepMinutes: number; points: MinutelyPoint[] } | null {
  const m = f.minutely;
  if (!m || m.points.length === 0) return null;
  const stepMs = m.stepMinutes * 60_000;
  const points = m.points.filter((p) => {
    const t = Date.parse(p.time);
    return t + stepMs > nowMs && t < nowMs + NOWCAST_HORIZON_MS;
  });
  return points.length ? { stepMinutes: m.stepMinutes, points } : null;
}

const hhmm = (ms: number, timeZone: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
    new Date(ms),
  );

/**
 * "Rain starting in ~20 min, easing by 15:30": the first wet step (minutes from now, rounded to 5),
 * then the first dry step after it (local time). `snow` when the hour is at or below 0 °C.
 */
export function nowcastLine(
  ahead: { stepMinutes: number; points: MinutelyPoint[] } | null,
  nowMs: number,
  o: { timezone: string; snow: boolean; locale: AdviceLocale },
): string | null {
  if (!ahead) return null;
  const wet = (p: MinutelyPoint) => (p.precipitationMmH ?? 0) >= WET_MM_H;
  const what = o.snow ? "snow" : "rain";
  const start = ahead.points.findIndex(wet);
  if (start < 0) return formatMessage("nowcast.dry", {}, o.locale);
  const endIdx = ahead.points.findIndex((p, i) => i > start && !wet(p));
  const endMs = endIdx < 0 ? null : Date.parse(ahead.points[endIdx].time);
  const time = endMs === null ? "" : hhmm(endMs, o.timezone, o.locale.language);
  const startMs = Date.parse(ahead.points[start].time);
  if (startMs <= nowMs)
    return formatMessage(endMs === null ? "nowcast.ongoing" : "nowcast.ongoing_ends", { what, time }, o.locale);
  const minutes = Math.max(5, Math.round((startMs - nowMs) / 300_000) * 5);
  return formatMessage(endMs === null ? "nowcast.starts" : "nowcast.starts_ends", { what, minutes, time }, o.locale);
}

/**
 * The highest minutely intensity over [startMs, endMs) when the window starts within the next 2 hours
 * and the series covers its start; null otherwise (hourly values decide). `coveredUntil` is where
 * the series stops: hours from there on still count.
 */
export function minutelyRate(
  f: NormalizedForecast,
  startMs: number,
  endMs: number,
  nowMs: number,
): { rate: number | null; coveredUntil: number } | null {
  const m = f.minutely;
  if (!m || m.points.length === 0 || startMs >= nowMs + NOWCAST_HORIZON_MS) return null;
  const stepMs = m.stepMinutes * 60_000;
  const first = Date.parse(m.points[0].time);
  const coveredUntil = Math.min(Date.parse(m.points[m.points.length - 1].time) + stepMs, nowMs + NOWCAST_HORIZON_MS);
  if (startMs < first || startMs >= coveredUntil) return null;
  let rate: number | null = null;
  for (const p of m.points) {
    const t = Date.parse(p.time);
    if (t + stepMs <= startMs || t >= Math.min(endMs, coveredUntil) || p.precipitationMmH === null) continue;
    rate = rate === null ? p.precipitationMmH : Math.max(rate, p.precipitationMmH);
  }
  return { rate, coveredUntil };
}
