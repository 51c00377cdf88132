import { sql } from "drizzle-orm";
import { getDb, onDatabaseChange } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { notFound } from "@/lib/http/errors";
import { RawJson } from "@/lib/http/raw-json";
import { mainIssue } from "@/lib/weather/analyse-timeline";
import { resolveLanguage } from "@/lib/i18n/languages";
import {
  combinedStatus,
  maxLevel,
  type Risk,
  cellFor,
  type AccountEnvironmentName,
  type NormalizedForecast,
  type Units,
} from "@/lib/weather/core";
import { providerIdFor, getSnapshots, type SnapshotResult } from "@/lib/weather/io";
import { withLegacyGeo } from "@/lib/trips/events/resolve-event-geo";
import { sortItinerary } from "@/lib/trips/events/store-events";
import { readTripSnapshot } from "@/lib/trips/events/read-trip-snapshot";
import { analyseTripWeather, placesOf } from "@/lib/trips/weather/analyse-trip-weather";
import { memberRoleSql } from "@/lib/trips/member-role-sql";
import type { TripWeather } from "./trip-weather-schemas";

export interface TripWeatherOptions {
  /** Whose weather: the caller's account environment (sandbox accounts see their simulations). */
  environment: AccountEnvironmentName;
  units?: Units;
  language?: string;
  /** Whether this read is billed (API callers); the portal's reads are not. Reported in `billing`. */
  billed?: boolean;
  /** Refresh every cell instead of answering from the cache (a watch's refresh). */
  forceRefresh?: boolean;
  /** Judge as of this instant (tests); such answers are never reused. */
  now?: Date;
}

/** Billing of one read: like timeline items, 2 units and 1 item per event that has a place. */
export function tripWeatherCharge(placedEvents: number): { units: number; timeline_items: number } {
  return { units: 2 * placedEvents, timeline_items: placedEvents };
}

/** The caller's role, the trip's revision and its placed events, in one statement (meter and handler share it). */
export interface TripHead {
  role: string | null;
  revision: number;
  placed: number;
}

export async function tripHead(tripId: number, userId: string): Promise<TripHead | undefined> {
  const row = await queryOne<{ role: string | null; revision: number; placed: number | string }>(
    await getDb(),
    sql`SELECT t.revision,
               ${memberRoleSql(sql`t.id`, userId)} AS role,
               (SELECT count(*) FROM trip_events e WHERE e.trip_id = t.id AND (e.lat IS NOT NULL OR e.arrival_lat IS NOT NULL)) AS placed
        FROM trips t WHERE t.id = ${tripId}`,
  );
  return row && { role: row.role, revision: Number(row.revision), placed: Number(row.placed) };
}

/**
 * GET /v1/trips/{tripId}/weather for a member (404 otherwise): every event's forecast and risk
 * and a summary per local day, answered from the snapshot cache (one fetch per cell, however
 * many events share it). The portal, the planner and MCP call this same function. `head` is the
 * caller's tripHead when already read (the route's meter reads it).
 */
export async function getTripWeather(
  tripId: number,
  userId: string,
  o: TripWeatherOptions & { head?: TripHead },
): Promise<TripWeather> {
  const head = o.head ?? (await tripHead(tripId, userId));
  if (!head?.role) throw notFound("Trip");
  return tripWeather(tripId, { ...o, revision: head.revision });
}

interface Computed {
  value: TripWeather;
  points: Array<{ lat: number; lng: number }>;
  forecasts: NormalizedForecast[];
  at: number;
}

/**
 * Answers computed for a trip revision, reused while every cell still serves the very same
 * forecast object (same snapshot and no simulation overlay, which builds a new object per read)
 * and for at most a minute: a warm read then costs the snapshot heads' check, not the evaluations.
 */
const computed = new Map<string, Computed>();
onDatabaseChange(() => computed.clear());
const REUSE_MS = 60_000;

/** Trip weather without a membership check: for jobs that act for a trip (watches, the planner). */
export async function tripWeather(tripId: number, o: TripWeatherOptions & { revision?: number }): Promise<TripWeather> {
  const units = o.units ?? "metric";
  const language = resolveLanguage(o.language);
  const key = `${tripId}|${units}|${language}|${o.environment}|${o.billed !== false}`;
  const prior = o.forceRefresh || o.now ? undefined : computed.get(key);
  if (prior && o.revision === prior.value.revision && Date.now() - prior.at < REUSE_MS) {
    const snaps = prior.points.length
      ? await getSnapshots(prior.points, { environment: o.environment, use: "forecast" })
      : [];
    if (snaps.every((sn, i) => sn.snapshot.forecast === prior.forecasts[i])) {
      const reused = {
        ...prior.value,
        cache_status: snaps.length ? combinedStatus(snaps.map((sn) => sn.cacheStatus)) : null,
      };
      reusedFrom.set(reused, prior.value);
      return reused;
    }
  }

  const snap = await readTripSnapshot(await getDb(), tripId, null);
  if (!snap) throw notFound("Trip");
  const trip = snap.trip;
  const events = sortItinerary(await withLegacyGeo(snap.events, trip.timeZone), trip.timeZone);
  const now = o.now ?? new Date();

  // Every cell the answer needs (event places; days are judged at one of them): one lookup each.
  const provider = providerIdFor(o.environment);
  const cells = new Map<string, { lat: number; lng: number }>();
  for (const e of events) for (const p of placesOf(e)) cells.set(cellFor(p.geo.lat, p.geo.lng, provider).key, p.geo);
  const points = [...cells.values()];
  const snaps = points.length
    ? await getSnapshots(points, { environment: o.environment, use: "forecast", forceRefresh: o.forceRefresh })
    : [];
  const byCell = new Map<string, SnapshotResult>([...cells.keys()].map((k, i) => [k, snaps[i]]));
  const snapshotAt = (p: { lat: number; lng: number }) => byCell.get(cellFor(p.lat, p.lng, provider).key)!;

  const analysed = analyseTripWeather({
    tripZone: trip.timeZone,
    startDate: trip.startDate,
    endDate: trip.endDate,
    events,
    units,
    language,
    now,
    snapshotAt,
  });
  const judged = analysed.events.filter((e) => e.forecast_available && e.risk);
  const overall = judged.length ? maxLevel(judged.map((e) => e.risk!.level)) : null;
  const placed = analysed.events.filter((e) => e.places.length > 0).length;
  const value: TripWeather = {
    trip_id: trip.id,
    revision: trip.revision,
    time_zone: trip.timeZone,
    units,
    language,
    generated_at: now.toISOString(),
    cache_status: snaps.length ? combinedStatus(snaps.map((sn) => sn.cacheStatus)) : null,
    billing: o.billed === false ? { units: 0, timeline_items: 0 } : tripWeatherCharge(placed),
    events: analysed.events,
    days: analysed.days,
    summary: {
      overall_risk: overall,
      main_issue: overall
        ? mainIssue(
            judged.map((e) => e.risk as Risk),
            overall,
          )
        : "none",
      events_at_risk: judged.filter((e) => e.risk!.level !== "low").map((e) => e.event_id),
      events_without_forecast: analysed.events.filter((e) => !e.forecast_available).map((e) => e.event_id),
    },
  };
  if (!o.now) {
    if (computed.size >= 500) computed.delete(computed.keys().next().value!);
    computed.set(key, { value, points, forecasts: snaps.map((sn) => sn.snapshot.forecast), at: Date.now() });
  }
  return value;
}

/** Answers reused from a computed one (only cache_status differs) -> that answer. */
const reusedFrom = new WeakMap<TripWeather, TripWeather>();
/** A computed answer's encoded JSON, one per cache_status it has been served with. */
const encoded = new WeakMap<TripWeather, Map<string | null, RawJson<TripWeather>>>();
const MARK = "\u0000cache_status\u0000";

/**
 * The answer as UTF-8 JSON. A warm read reuses the computed answer with only its cache_status
 * changed, so the bytes (tens of kilobytes for a two-week trip) are made once per computed answer
 * and status, not per response; they are those JSON.stringify gives (the key keeps its place).
 */
export function tripWeatherJson(w: TripWeather): RawJson<TripWeather> {
  const base = reusedFrom.get(w) ?? w;
  let byStatus = encoded.get(base);
  if (!byStatus) encoded.set(base, (byStatus = new Map()));
  let json = byStatus.get(w.cache_status);
  if (!json) {
    const marked = JSON.stringify({ ...base, cache_status: MARK });
    json = RawJson.encode<TripWeather>(marked.replace(JSON.stringify(MARK), () => JSON.stringify(w.cache_status)));
    byStatus.set(w.cache_status, json);
  }
  return json;
}
