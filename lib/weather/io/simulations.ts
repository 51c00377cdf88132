import ngeohash from "ngeohash";
import { DateTime } from "luxon";
import { and, asc, eq, gt } from "drizzle-orm";
import { weatherSimulations, type SimulationKind } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { dailyFromHourly } from "./providers/daily-from-hourly";
import type { AlertSeverity, NormalizedForecast, StoredSimulation, WeatherAlert } from "@/lib/weather/core/types";
import { msgTypeOf, type AlertMessage } from "./alerts/cap";
import { resolveAlerts } from "./alerts/resolve-alerts";

export type { StoredSimulation };
import { explicitFields, overlayHour, presetFields } from "./simulation-overlay";
import { hourAt } from "@/lib/weather/core/hour-at";
import { SimulationParams } from "@/lib/weather/simulation-schemas";
import { CELL_PRECISION } from "@/lib/weather/core/cells";
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

const ALERT_SEVERITIES: AlertSeverity[] = ["minor", "moderate", "severe", "extreme", "unknown"];

/** Longest window one injection may cover (the simulated horizon is 8 days). */
export const MAX_SIMULATION_HOURS = 24 * 9;

/** Stores an injection for the geohash-5 cell of (lat, lng); every reader of that cell sees it at once. */
export async function injectSimulatedWeather(input: SimulationInput): Promise<StoredSimulation> {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new ApiError("bad_request", "ends_at must be after starts_at.", { details: { field: "ends_at" } });
  }
  if (input.endsAt.getTime() - input.startsAt.getTime() > MAX_SIMULATION_HOURS * 3_600_000) {
    throw new ApiError("bad_request", `A simulation may cover at most ${MAX_SIMULATION_HOURS} hours.`, {
      details: { field: "ends_at" },
    });
  }
  const checked = SimulationParams.safeParse(input.params ?? {});
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ApiError("bad_request", `Invalid params.${issue.path.join(".") || ""}: ${issue.message}.`, {
      details: { field: `params.${issue.path.join(".")}` },
    });
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
      params: checked.data as Record<string, number | string>,
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
    .where(and(eq(weatherSimulations.geohash, geohash), gt(weatherSimulations.endsAt, after)))
    .orderBy(asc(weatherSimulations.createdAt), asc(weatherSimulations.id));
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
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** Creation order (id breaks ties), whatever order the rows were read in. */
function inCreationOrder(sims: StoredSimulation[]): StoredSimulation[] {
  return sims
    .slice()
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The forecast with the cell's injections applied (hours inside each window, the
 * current conditions when `now` is inside it, the affected days, and alerts).
 * Returns the input untouched when nothing applies.
 */
export function applySimulations(f: NormalizedForecast, sims: StoredSimulation[], now: Date): NormalizedForecast {
  if (sims.length === 0) return f;
  const out: NormalizedForecast = {
    ...f,
    hourly: f.hourly.slice(),
    daily: f.daily.slice(),
    alerts: f.alerts.slice(),
    current: { ...f.current },
  };
  const touchedDays = new Set<number>();
  const at = { lat: f.lat, lng: f.lng };
  const injected: AlertMessage[] = [];
  for (const s of inCreationOrder(sims)) {
    const from = Date.parse(s.startsAt);
    const to = Date.parse(s.endsAt);
    const alert = injectedAlert(s);
    if (alert) injected.push(alert);
    out.hourly = out.hourly.map((h) => {
      const t = Date.parse(h.time);
      // An hour is affected when it overlaps the window.
      if (t + 3_600_000 <= from || t >= to) return h;
      return overlayHour(h, s.kind, s.params, at);
    });
    if (out.minutely) {
      // Next-hour precipitation follows the injection step by step (a step overlapping the window counts).
      const stepMs = out.minutely.stepMinutes * 60_000;
      const e = explicitFields(s.params);
      out.minutely = {
        ...out.minutely,
        points: out.minutely.points.map((p) => {
          const t = Date.parse(p.time);
          if (t + stepMs <= from || t >= to) return p;
          // A 15-minute value of its own wins; else the hour's injected rate.
          const own = Number(s.params.minutely_precipitation_mm_h);
          if (s.params.minutely_precipitation_mm_h !== undefined && Number.isFinite(own))
            return { ...p, precipitationMmH: own };
          const h = hourAt(out.hourly, new Date(t));
          const set = { ...(h ? presetFields(s.kind, h, e) : {}), ...e };
          return set.precipitationMm === undefined ? p : { ...p, precipitationMmH: set.precipitationMm };
        }),
      };
    }
    if (now.getTime() >= from && now.getTime() < to) {
      const {
        time: _time,
        precipitationProbabilityPct: _p,
        ...o
      } = overlayHour(
        { ...out.current, time: out.current.observedAt, precipitationProbabilityPct: null },
        s.kind,
        s.params,
        at,
      );
      out.current = o;
    }
    out.daily.forEach((d, i) => {
      const dayFrom = Date.parse(d.sunrise ?? `${d.date}T00:00:00Z`) - 12 * 3_600_000;
      if (dayFrom < to && dayFrom + 36 * 3_600_000 > from) touchedDays.add(i);
    });
  }
  if (injected.length) out.alerts = withInjectedAlerts(out.alerts, injected, at);
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

/** The CAP message an injection carries, if any (issue 39: message type and references too). */
function injectedAlert(s: StoredSimulation): AlertMessage | null {
  const p = s.params;
  if (!(
    s.kind === "severe_alert" ||
    p.alert_event !== undefined ||
    p.severity !== undefined ||
    p.alert_message_type !== undefined
  ))
    return null;
  const identifier = p.alert_identifier !== undefined ? String(p.alert_identifier) : `sim_${s.id}`;
  return {
    identifier,
    msgType: msgTypeOf(p.alert_message_type),
    status: "Actual",
    references:
      p.alert_references === undefined
        ? []
        : String(p.alert_references)
            .split(/\s+/)
            .map((t) => (t.includes(",") ? t.split(",")[1] : t))
            .filter(Boolean),
    allClear: false,
    sent: s.createdAt,
    event: String(p.alert_event ?? "Severe Thunderstorm Warning"),
    headline: "Injected into the simulated provider for testing.",
    severity: ALERT_SEVERITIES.includes(String(p.severity) as AlertSeverity)
      ? (String(p.severity) as AlertSeverity)
      : "severe",
    certainty: "unknown",
    urgency: "unknown",
    areas: [],
    starts: s.startsAt,
    ends: s.endsAt,
    source: "Simulated alert (injected)",
    attribution: "Simulated alert (injected)",
  };
}

/**
 * Injected messages resolved like a real feed (resolveAlerts: Update replaces, Cancel retires,
 * by references or else by event); they can also update or cancel the provider's own alerts.
 */
function withInjectedAlerts(
  provider: WeatherAlert[],
  injected: AlertMessage[],
  at: { lat: number; lng: number },
): WeatherAlert[] {
  const resolved = resolveAlerts(injected, at).map((a) => ({
    ...a,
    certainty: undefined,
    urgency: undefined,
    attribution: undefined,
  }));
  const retired = new Set(injected.flatMap((m) => m.references));
  const kept = provider.filter((a) => !retired.has(a.id) && !(a.capIdentifier && retired.has(a.capIdentifier)));
  return [...kept, ...resolved];
}
