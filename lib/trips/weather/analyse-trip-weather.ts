import { DateTime } from "luxon";
import type { TripEventRow } from "@/drizzle/schema";
import type { GeoPoint } from "@/lib/geo/types";
import { bestOutdoorWindow, mainIssue } from "@/lib/weather/analyse-timeline";
import {
  evaluateWindow,
  hoursIn,
  conditionFor,
  temperatureIn,
  activityProfile,
  LEVEL_RANK,
  maxLevel,
  type Risk,
  type RiskLevel,
  type Units,
} from "@/lib/weather/core";
import { type Language } from "@/lib/i18n/languages";
import type { SnapshotResult } from "@/lib/weather/io";
import { localIsoAt } from "@/lib/time/zones";
import { activityOfEvent } from "@/lib/trips/events/activity-of-event";
import { arrivalGeoOf, geoOf } from "@/lib/trips/events/resolve-event-geo";
import { dayPlaces, mainDayPlace } from "@/lib/trips/weather/day-places";
import type { DayWeather, EventWeather, PlaceWeather, TripRiskOut } from "./trip-weather-schemas";

const HOUR = 3_600_000;

/** One place and window of an event to judge (flights have two). */
export interface PlannedPlace {
  eventId: number;
  role: PlaceWeather["role"];
  geo: GeoPoint;
  startMs: number;
  endMs: number;
}

/**
 * The windows trip weather judges: an event's own window at its place (no end: its first hour);
 * a flight's departure hour at the departure airport and its arrival hour at the arrival airport;
 * a stay's check-in hour (the stay is the background of its days, summarised per day).
 */
export function placesOf(e: TripEventRow): PlannedPlace[] {
  const start = e.startAt.getTime();
  const end = e.endAt?.getTime() ?? null;
  const geo = geoOf(e);
  if (e.type === "flight") {
    const out: PlannedPlace[] = [];
    if (geo) out.push({ eventId: e.id, role: "departure", geo, startMs: start, endMs: start + HOUR });
    const arrival = arrivalGeoOf(e);
    const landing = end ?? start;
    if (arrival) out.push({ eventId: e.id, role: "arrival", geo: arrival, startMs: landing, endMs: landing + HOUR });
    return out;
  }
  // A train, ferry or bus: its journey from the departure place, and its arrival hour where it arrives.
  const arrival = e.type === "train" || e.type === "ferry" || e.type === "bus" ? arrivalGeoOf(e) : null;
  const arriving: PlannedPlace[] = arrival
    ? [{ eventId: e.id, role: "arrival", geo: arrival, startMs: end ?? start, endMs: (end ?? start) + HOUR }]
    : [];
  if (!geo) return arriving;
  if (e.type === "accommodation") return [{ eventId: e.id, role: "event", geo, startMs: start, endMs: start + HOUR }];
  return [
    { eventId: e.id, role: "event", geo, startMs: start, endMs: end !== null && end > start ? end : start + HOUR },
    ...arriving,
  ];
}

export interface CoreInput {
  tripZone: string;
  /** The trip's dates, when set (days outside the events' span are summarised too). */
  startDate: string | null;
  endDate: string | null;
  events: TripEventRow[];
  units: Units;
  language: Language;
  now: Date;
  /** Snapshot of the cell holding a point (fetched beforehand, one per cell). */
  snapshotAt: (p: { lat: number; lng: number }) => SnapshotResult;
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const local = (ms: number, zone: string) => localIsoAt(ms, zone) ?? new Date(ms).toISOString();

/** Per event and per local day: forecast, risk and summary. Pure given the snapshots. */
export function analyseTripWeather(input: CoreInput): { events: EventWeather[]; days: DayWeather[] } {
  const lang = { language: input.language, units: input.units };
  const events = input.events.map((e) => eventWeather(e, input, lang));
  const days = dayWeather(input, events).map((d) => ({
    ...d,
    places: dayPlaces(
      events.filter((e) => e.local_date === d.date),
      d,
    ),
  }));
  return { events, days };
}

function eventWeather(e: TripEventRow, input: CoreInput, locale: { language: Language; units: Units }): EventWeather {
  const activity = activityOfEvent(e);
  const profile = activityProfile(activity.activity_type);
  const places = placesOf(e).map((p) => placeWeather(p, activity.activity_type, input, locale));
  const available = places.filter((p) => p.forecast_available);
  const past = places.length > 0 && places.every((p) => !p.forecast_available && p.forecast_available_from === null);
  const froms = places
    .map((p) => p.forecast_available_from)
    .filter((f): f is string => f !== null)
    .sort();
  return {
    event_id: e.id,
    type: e.type,
    title: e.title,
    start: local(e.startAt.getTime(), e.timeZone),
    end: e.endAt ? local(e.endAt.getTime(), e.timeZone) : null,
    time_zone: e.timeZone,
    local_date: DateTime.fromMillis(e.startAt.getTime(), { zone: input.tripZone }).toISODate()!,
    activity_type: activity.activity_type,
    activity_type_source: activity.source,
    outdoor: profile.outdoor,
    geo: geoOf(e) ?? arrivalGeoOf(e),
    forecast_available: available.length > 0,
    forecast_available_from: available.length ? null : (froms[0] ?? null),
    unavailable_reason: places.length === 0 ? "no_place" : available.length ? null : past ? "past" : "outside_horizon",
    places,
    risk: places.length ? worstRisk(places.map((p) => p.risk)) : null,
  };
}

function placeWeather(
  p: PlannedPlace,
  activityType: string,
  input: CoreInput,
  locale: { language: Language; units: Units },
): PlaceWeather {
  const { snapshot, cacheStatus } = input.snapshotAt(p.geo);
  const { metrics, risk } = evaluateWindow(snapshot.forecast, {
    startMs: p.startMs,
    endMs: p.endMs,
    activityType,
    locale,
  });
  const available = metrics.observed_at !== null;
  return {
    role: p.role,
    geo: p.geo,
    start: local(p.startMs, p.geo.time_zone),
    end: local(p.endMs, p.geo.time_zone),
    forecast_available: available,
    forecast_available_from: available ? null : availableFrom(snapshot, p.startMs, p.endMs),
    weather: available
      ? {
          observed_at: metrics.observed_at,
          snapshot_id: snapshot.id,
          cache_status: cacheStatus,
          temperature_c: metrics.temperature_c,
          feels_like_c: metrics.feels_like_c,
          temperature_min_c: metrics.temperature_min_c,
          temperature_max_c: metrics.temperature_max_c,
          condition:
            metrics.condition_code === null
              ? null
              : conditionFor(metrics.condition_code, locale.language, metrics.is_day),
          precipitation_probability: metrics.precipitation_probability,
          precipitation_intensity_mm_h: metrics.precipitation_intensity_mm_h,
          wind_speed_kph: metrics.wind_speed_kph,
          wind_gust_kph: metrics.wind_gust_kph,
          uv_index: metrics.uv_index,
        }
      : null,
    risk: riskOut(risk),
  };
}

/**
 * When the forecast will reach a window beyond its horizon: the window start minus the horizon the
 * snapshot covers (now to its last hour), to the hour. Null for a window that has ended.
 */
function availableFrom(s: SnapshotResult["snapshot"], startMs: number, endMs: number): string | null {
  if (endMs <= s.validFrom.getTime()) return null;
  const horizon = s.validTo.getTime() - s.fetchedAt.getTime();
  const at = Math.ceil((startMs - horizon) / HOUR) * HOUR;
  return new Date(Math.max(at, s.fetchedAt.getTime())).toISOString();
}

function riskOut(r: Risk): TripRiskOut {
  return { level: r.level, reasons: r.reasons, recommendation: r.recommendation };
}

/** The event's risk: its worst place, with every place's reasons (worst first). */
function worstRisk(risks: TripRiskOut[]): TripRiskOut {
  const worst = risks.reduce((a, b) => (LEVEL_RANK[b.level] > LEVEL_RANK[a.level] ? b : a));
  const reasons = risks.flatMap((r) => r.reasons).sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level]);
  const seen = new Set<string>();
  return {
    level: worst.level,
    reasons: reasons.filter((r) => !seen.has(r.message) && seen.add(r.message)),
    recommendation: worst.recommendation,
  };
}

function dayWeather(input: CoreInput, events: EventWeather[]): Array<Omit<DayWeather, "places">> {
  const zone = input.tripZone;
  const dates = tripDates(input, events);
  const unit = input.units === "imperial" ? "F" : input.units === "standard" ? "K" : "C";
  let carried: GeoPoint | null = null;
  return dates.map((date) => {
    const dayStart = DateTime.fromISO(date, { zone }).toMillis();
    const dayEnd = DateTime.fromISO(date, { zone }).plus({ days: 1 }).toMillis();
    const onDay = events.filter((e) => e.local_date === date);
    // The headline is judged where the card says the traveller is (the day's main place), never at
    // another place of the day: a morning departure from Zürich must not give Lisbon's day Zürich's weather.
    const place =
      mainDayPlace(
        onDay,
        dayPlaces(onDay, { place: null, overall_risk: null, main_issue: "none", forecast_available: false }),
      )?.place ??
      stayOn(input.events, dayStart, dayEnd) ??
      carried;
    carried = place;
    const base = { date, place, temperature_unit: unit, event_ids: onDay.map((e) => e.event_id) } as const;
    if (!place) return { ...base, ...noForecast(null) };
    const { snapshot } = input.snapshotAt(place);
    const f = snapshot.forecast;
    const hours = hoursIn(f, dayStart, dayEnd - 1);
    if (hours.length === 0) return { ...base, ...noForecast(availableFrom(snapshot, dayStart, dayEnd)) };
    const { metrics, risk: dayRisk } = evaluateWindow(f, {
      startMs: dayStart,
      endMs: dayEnd - 1,
      activityType: null,
      locale: { language: input.language, units: input.units },
    });
    const risks = onDay.filter((e) => e.forecast_available && e.risk).map((e) => e.risk as Risk);
    const judged = risks.length ? risks : [dayRisk];
    const overall: RiskLevel = maxLevel(judged.map((r) => r.level));
    const daytime = hours.filter((h) => h.isDay !== false);
    const worstDay = daytime.length
      ? evaluateWindow(f, {
          startMs: Date.parse(daytime[0].time),
          endMs: Date.parse(daytime[daytime.length - 1].time) + HOUR - 1,
        }).metrics
      : metrics;
    return {
      ...base,
      forecast_available: true,
      forecast_available_from: null,
      temperature_min: temperatureIn(metrics.temperature_min_c, input.units),
      temperature_max: temperatureIn(metrics.temperature_max_c, input.units),
      precipitation_mm: r1(hours.reduce((s, h) => s + (h.precipitationMm ?? 0), 0)),
      precipitation_probability_pct: metrics.precipitation_probability,
      condition: worstDay.condition_code === null ? null : conditionFor(worstDay.condition_code, input.language, true),
      overall_risk: overall,
      main_issue: mainIssue(judged, overall),
      best_outdoor_window: bestOutdoorWindow(f, dayStart, dayEnd, zone),
    };
  });
}

function noForecast(from: string | null) {
  return {
    forecast_available: false,
    forecast_available_from: from,
    temperature_min: null,
    temperature_max: null,
    precipitation_mm: null,
    precipitation_probability_pct: null,
    condition: null,
    overall_risk: null,
    main_issue: "none",
    best_outdoor_window: null,
  };
}

/** The stay of a day without placed events: the one holding its night (a check-out morning is the day before's). */
function stayOn(rows: TripEventRow[], dayStart: number, dayEnd: number): GeoPoint | null {
  const stays = rows.filter(
    (r) =>
      r.type === "accommodation" &&
      r.startAt.getTime() < dayEnd &&
      (r.endAt?.getTime() ?? r.startAt.getTime()) >= dayStart &&
      geoOf(r),
  );
  const night = stays.find((r) => (r.endAt?.getTime() ?? r.startAt.getTime()) >= dayEnd) ?? stays.at(-1);
  return night ? geoOf(night) : null;
}

/** The trip's days: its dates when set, widened to its events (a stay to its check-out); at most 62 days. */
function tripDates(input: CoreInput, events: EventWeather[]): string[] {
  const ends = input.events
    .filter((r) => r.endAt)
    .map((r) => DateTime.fromMillis(r.endAt!.getTime(), { zone: input.tripZone }).toISODate()!);
  const eventDates = [...events.map((e) => e.local_date), ...ends].sort();
  const first = [input.startDate, eventDates[0]].filter((d): d is string => !!d).sort()[0];
  const last = [input.endDate, eventDates[eventDates.length - 1]]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  if (!first || !last) return [];
  const out: string[] = [];
  for (
    let d = DateTime.fromISO(first, { zone: "UTC" });
    d.toISODate()! <= last && out.length < 62;
    d = d.plus({ days: 1 })
  )
    out.push(d.toISODate()!);
  return out;
}
