import ngeohash from "ngeohash";
import { DateTime } from "luxon";
import { and, eq, gt } from "drizzle-orm";
import { weatherSimulations, type SimulationKind } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { dailyFromHourly } from "./providers/daily-from-hourly";
import type { AlertSeverity, HourlyPoint, NormalizedForecast } from "./types";
import { CELL_PRECISION } from "./snapshots/cells";
import { forgetHeads } from "./snapshots/store";

export interface SimulationInput {
  lat: number;
  lng: number;
  kind: SimulationKind;
  startsAt: Date;
  endsAt: Date;
  params?: Record<string, number | string>;
  /** API injections record the account; the admin CLI leaves it null. */
  accountId?: string | null;
}

export interface StoredSimulation {
  id: string;
  geohash: string;
  kind: SimulationKind;
  startsAt: string;
  endsAt: string;
  params: Record<string, number | string>;
}

const ALERT_SEVERITIES: AlertSeverity[] = ["minor", "moderate", "severe", "extreme", "unknown"];

/** Longest window one injection may cover (the simulated horizon is 8 days). */
export const MAX_SIMULATION_HOURS = 24 * 9;

/** Stores an injection for the geohash-5 cell of (lat, lng); every reader of that cell sees it at once. */
export async function injectSimulatedWeather(input: SimulationInput): Promise<StoredSimulation> {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new ApiError("bad_request", "ends_at must be after starts_at.", { details: { field: "ends_at" } });
  }
  if (input.endsAt.getTime() - input.startsAt.getTime() > MAX_SIMULATION_HOURS * 3_600_000) {
    throw new ApiError("bad_request", `A simulation may cover at most ${MAX_SIMULATION_HOURS} hours.`, { details: { field: "ends_at" } });
  }
  const db = await getDb();
  const [row] = await db
    .insert(weatherSimulations)
    .values({
      geohash: ngeohash.encode(input.lat, input.lng, CELL_PRECISION),
      lat: input.lat,
      lng: input.lng,
      kind: input.kind,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      params: input.params ?? {},
      accountId: input.accountId ?? null,
    })
    .returning();
  forgetHeads(row.geohash);
  return toStored(row);
}

export async function activeSimulations(geohash: string, after: Date): Promise<StoredSimulation[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(weatherSimulations)
    .where(and(eq(weatherSimulations.geohash, geohash), gt(weatherSimulations.endsAt, after)));
  return rows.map(toStored);
}

function toStored(r: typeof weatherSimulations.$inferSelect): StoredSimulation {
  return {
    id: r.id,
    geohash: r.geohash,
    kind: r.kind,
    startsAt: new Date(r.startsAt).toISOString(),
    endsAt: new Date(r.endsAt).toISOString(),
    params: r.params ?? {},
  };
}

const p = (params: Record<string, number | string>, k: string, d: number) => {
  const v = Number(params[k]);
  return Number.isFinite(v) ? v : d;
};

/** Overwrites one hour with the injected condition (defaults cross our warning thresholds). */
function overlayHour(h: HourlyPoint, s: StoredSimulation): HourlyPoint {
  const q = s.params;
  switch (s.kind) {
    case "heavy_rain":
      return { ...h, precipitationMm: p(q, "precipitation_mm_h", 12), precipitationProbabilityPct: 95, weatherCode: 65, cloudCoverPct: 100, visibilityM: 4000 };
    case "rain":
      return { ...h, precipitationMm: p(q, "precipitation_mm_h", 3), precipitationProbabilityPct: p(q, "precipitation_probability", 85), weatherCode: 63, cloudCoverPct: 95 };
    case "gusts": {
      const gust = p(q, "wind_gust_ms", 28);
      return { ...h, windGustMs: gust, windSpeedMs: p(q, "wind_speed_ms", Math.max(h.windSpeedMs ?? 0, gust * 0.62)) };
    }
    case "heat": {
      const t = p(q, "temperature_c", 41);
      return { ...h, temperatureC: t, feelsLikeC: p(q, "feels_like_c", t + 3), cloudCoverPct: 5, weatherCode: 0 };
    }
    case "cold": {
      const t = p(q, "temperature_c", -22);
      return { ...h, temperatureC: t, feelsLikeC: p(q, "feels_like_c", t - 8) };
    }
    case "fog":
      return { ...h, visibilityM: p(q, "visibility_m", 150), weatherCode: 45, precipitationMm: 0 };
    case "thunderstorm":
      return { ...h, weatherCode: 95, precipitationMm: p(q, "precipitation_mm_h", 10), precipitationProbabilityPct: 90, windGustMs: p(q, "wind_gust_ms", 22), cloudCoverPct: 100 };
    case "snow":
      return { ...h, weatherCode: 75, temperatureC: Math.min(h.temperatureC ?? -3, -3), precipitationMm: p(q, "precipitation_mm_h", 3), precipitationProbabilityPct: 90, visibilityM: 1500 };
    case "severe_alert":
      return h;
  }
}

/**
 * The forecast with the cell's injections applied (hours inside each window, the
 * current conditions when `now` is inside it, the affected days, and alerts).
 * Returns the input untouched when nothing applies.
 */
export function applySimulations(f: NormalizedForecast, sims: StoredSimulation[], now: Date): NormalizedForecast {
  if (sims.length === 0) return f;
  const out: NormalizedForecast = { ...f, hourly: f.hourly.slice(), daily: f.daily.slice(), alerts: f.alerts.slice(), current: { ...f.current } };
  const touchedDays = new Set<number>();
  for (const s of sims) {
    const from = Date.parse(s.startsAt);
    const to = Date.parse(s.endsAt);
    if (s.kind === "severe_alert") {
      out.alerts.push({
        id: `sim_${s.id}`,
        event: String(s.params.alert_event ?? "Severe Thunderstorm Warning"),
        severity: ALERT_SEVERITIES.includes(String(s.params.severity) as AlertSeverity) ? (String(s.params.severity) as AlertSeverity) : "severe",
        starts: s.startsAt,
        ends: s.endsAt,
        source: "Simulated alert (injected)",
        description: "Injected into the simulated provider for testing.",
      });
      continue;
    }
    out.hourly = out.hourly.map((h) => {
      const t = Date.parse(h.time);
      // An hour is affected when it overlaps the window.
      if (t + 3_600_000 <= from || t >= to) return h;
      return overlayHour(h, s);
    });
    if (now.getTime() >= from && now.getTime() < to) {
      const o = overlayHour({ ...out.current, time: out.current.observedAt, precipitationProbabilityPct: null }, s);
      out.current = {
        ...out.current,
        temperatureC: o.temperatureC,
        feelsLikeC: o.feelsLikeC,
        windSpeedMs: o.windSpeedMs,
        windGustMs: o.windGustMs,
        visibilityM: o.visibilityM,
        precipitationMm: o.precipitationMm,
        cloudCoverPct: o.cloudCoverPct,
        weatherCode: o.weatherCode,
      };
    }
    out.daily.forEach((d, i) => {
      const dayFrom = Date.parse(d.sunrise ?? `${d.date}T00:00:00Z`) - 12 * 3_600_000;
      if (dayFrom < to && dayFrom + 36 * 3_600_000 > from) touchedDays.add(i);
    });
  }
  // Recompute the affected days from their (overlaid) hours, keeping sunrise/sunset.
  for (const i of touchedDays) {
    const d = out.daily[i];
    const bounds = dayBounds(d.date, out.timezone);
    if (!bounds) continue;
    const re = dailyFromHourly(d.date, out.hourly, bounds[0], bounds[1], { sunrise: d.sunrise, sunset: d.sunset });
    out.daily[i] = re.temperatureMaxC === null ? d : re;
  }
  return out;
}

function dayBounds(date: string, zone: string): [number, number] | null {
  // Local midnight to midnight (luxon handles DST days of 23/25 hours).
  const start = DateTime.fromISO(date, { zone });
  if (!start.isValid) return null;
  return [start.toMillis(), start.plus({ days: 1 }).toMillis()];
}
