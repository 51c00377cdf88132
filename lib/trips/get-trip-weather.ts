import { eq } from "drizzle-orm";
import { trips } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { resolveLanguage } from "@/lib/weather/i18n/conditions";
import { combinedStatus } from "@/lib/weather/present";
import { maxLevel } from "@/lib/weather/risk/types";
import { mainIssue } from "@/lib/weather/analyse-timeline";
import { getSnapshots, type SnapshotResult } from "@/lib/weather/snapshots/get-snapshot";
import { cellFor } from "@/lib/weather/snapshots/cells";
import { providerIdFor } from "@/lib/weather/providers/select";
import type { AccountEnvironmentName, Units } from "@/lib/weather/types";
import type { Risk } from "@/lib/weather/risk/types";
import { listEventRows } from "./event-store";
import { requireTripRole } from "./roles";
import { analyseTripWeather, placesOf } from "./trip-weather-core";
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
  now?: Date;
}

/** Billing of one read: like timeline items, 2 units and 1 item per event that has a place. */
export function tripWeatherCharge(placedEvents: number): { units: number; timeline_items: number } {
  return { units: 2 * placedEvents, timeline_items: placedEvents };
}

/**
 * GET /v1/trips/{tripId}/weather for a member (404 otherwise): every event's forecast and risk
 * and a summary per local day, answered from the snapshot cache (one fetch per cell, however
 * many events share it). The portal, the planner and MCP call this same function.
 */
export async function getTripWeather(tripId: number, userId: string, o: TripWeatherOptions): Promise<TripWeather> {
  await requireTripRole(tripId, userId, "read");
  return tripWeather(tripId, o);
}

/** Trip weather without a membership check: for jobs that act for a trip (watches, the planner). */
export async function tripWeather(tripId: number, o: TripWeatherOptions): Promise<TripWeather> {
  const { trip, events } = await readTrip(tripId);
  const units = o.units ?? "metric";
  const language = resolveLanguage(o.language);
  const now = o.now ?? new Date();

  // Every point the answer needs (event places; days are judged at one of them): one lookup per cell.
  const points = events.flatMap((e) => placesOf(e).map((p) => p.geo));
  const snaps = points.length ? await getSnapshots(points, { environment: o.environment, use: "forecast", forceRefresh: o.forceRefresh }) : [];
  const provider = providerIdFor(o.environment);
  const byCell = new Map<string, SnapshotResult>();
  points.forEach((p, i) => byCell.set(cellFor(p.lat, p.lng, provider).key, snaps[i]));
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
  const charge = o.billed === false ? { units: 0, timeline_items: 0 } : tripWeatherCharge(placed);
  return {
    trip_id: trip.id,
    revision: trip.revision,
    time_zone: trip.timeZone,
    units,
    language,
    generated_at: now.toISOString(),
    cache_status: snaps.length ? combinedStatus([...byCell.values()].map((s) => s.cacheStatus)) : null,
    billing: charge,
    events: analysed.events,
    days: analysed.days,
    summary: {
      overall_risk: overall,
      main_issue: overall ? mainIssue(judged.map((e) => e.risk as Risk), overall) : "none",
      events_at_risk: judged.filter((e) => e.risk!.level !== "low").map((e) => e.event_id),
      events_without_forecast: analysed.events.filter((e) => !e.forecast_available).map((e) => e.event_id),
    },
  };
}

/** The trip and its events in one snapshot (the revision describes exactly these events). */
async function readTrip(tripId: number) {
  const db = await getDb();
  return db.transaction(
    async (tx: Tx) => {
      const [trip] = await tx.select().from(trips).where(eq(trips.id, tripId)).limit(1);
      if (!trip) throw notFound("Trip");
      return { trip, events: await listEventRows(tx, tripId, trip.timeZone) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
