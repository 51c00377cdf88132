import { evaluateWindow, feelsLikeOf, hoursIn } from "./core/evaluate-window";
import { conditionFor } from "./core/i18n/conditions";
import { resolveLanguage } from "@/lib/i18n/languages";
import { cacheHeaders, combinedStatus, riskOut, environmentLabel } from "./core/present";
import { activityProfile, OUTDOOR_DEFAULT, type Vessel } from "./core/risk/profiles";
import { assessRisk } from "./core/risk/assess-risk";
import { LEVEL_RANK, maxLevel, SEVERITY, type Risk, type RiskLevel } from "./core/risk/types";
import { getSnapshots } from "./io/snapshots/get-snapshot";
import { localIsoAt } from "@/lib/time/zones";
import type { AccountEnvironmentName, NormalizedForecast, Units } from "./core/types";

export const MAX_TIMELINE_ITEMS = 100;

export interface TimelineItemInput {
  id: string;
  /** Epoch milliseconds (no Dates on this path: see localIsoAt in time/zones.ts). */
  startMs: number;
  endMs: number;
  lat: number;
  lng: number;
  activity_type: string | null;
  timezone: string;
  vessel?: Vessel;
}

export interface TimelineInput {
  units: Units;
  language?: string;
  items: TimelineItemInput[];
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** An instant in a zone's local time (zones reaching here are validated; UTC if one were not). */
const localIso = (ms: number, zone: string) => localIsoAt(ms, zone) ?? new Date(ms).toISOString();

export async function analyseTimeline(body: TimelineInput, environment: AccountEnvironmentName) {
  const lang = resolveLanguage(body.language);
  // Grouped by cell inside getSnapshots: one fetch per cell, however many items share it.
  const snaps = await getSnapshots(body.items, { environment, use: "forecast" });
  const evaluated = body.items.map((item, i) => {
    const { snapshot, cacheStatus } = snaps[i];
    const profile = activityProfile(item.activity_type);
    const { metrics, risk } = evaluateWindow(snapshot.forecast, {
      startMs: item.startMs,
      endMs: item.endMs,
      activityType: item.activity_type,
      vessel: item.vessel,
      locale: { language: lang, units: body.units },
    });
    return {
      item,
      risk,
      outdoor: profile.outdoor,
      forecast: snapshot.forecast,
      out: {
        id: item.id,
        activity_type: item.activity_type,
        outdoor: profile.outdoor,
        start: localIso(item.startMs, item.timezone),
        end: localIso(item.endMs, item.timezone),
        timezone: item.timezone,
        weather: {
          observed_at: metrics.observed_at,
          snapshot_id: snapshot.id,
          cache_status: cacheStatus,
          temperature_c: metrics.temperature_c,
          feels_like_c: metrics.feels_like_c,
          condition:
            metrics.condition_code === null ? null : conditionFor(metrics.condition_code, lang, metrics.is_day).label,
          precipitation_probability: metrics.precipitation_probability,
          precipitation_intensity_mm_h: metrics.precipitation_intensity_mm_h,
          wind_speed_kph: metrics.wind_speed_kph,
          wind_gust_kph: metrics.wind_gust_kph,
          uv_index: metrics.uv_index,
        },
        risk: riskOut(risk, { omitLowRecommendation: true }),
      },
    };
  });

  const overall = maxLevel(evaluated.map((e) => e.risk.level));
  const outdoorItems = evaluated.filter((e) => e.outdoor);
  const anchor = outdoorItems[0] ?? evaluated[0];
  const spanStartMs = Math.min(...body.items.map((i) => i.startMs));
  const spanEndMs = Math.max(...body.items.map((i) => i.endMs));
  const statuses = snaps.map((s) => s.cacheStatus);
  const ids = snaps.map((s) => s.snapshot.id);
  const status = combinedStatus(statuses);
  const singleSnapshot = new Set(ids).size === 1;
  return {
    data: {
      items: evaluated.map((e) => e.out),
      summary: {
        overall_risk: overall,
        main_issue: mainIssue(
          evaluated.map((e) => e.risk),
          overall,
        ),
        best_outdoor_window: bestOutdoorWindow(anchor.forecast, spanStartMs, spanEndMs, anchor.item.timezone),
      },
    },
    meta: {
      environment: environmentLabel(environment),
      cache_status: status,
      ...(singleSnapshot ? { snapshot_id: ids[0] } : {}),
      items_analyzed: body.items.length,
      units: body.units,
      language: lang,
    },
    headers: { ...cacheHeaders(status, ids), "Content-Language": lang },
  };
}

/** The reason at the overall level with the highest physical severity; "none" when everything is low. */
export function mainIssue(risks: Risk[], overall: RiskLevel): string {
  if (overall === "low") return "none";
  let best: string = "none";
  let rank = -1;
  for (const r of risks) {
    for (const reason of r.reasons) {
      if (reason.level === overall && SEVERITY[reason.code] > rank) [best, rank] = [reason.code, SEVERITY[reason.code]];
    }
  }
  return best;
}

/**
 * The longest run of consecutive daylight hours at the best available level
 * (ideally `low`) within [spanStartMs, spanEndMs], judged with the outdoor default profile
 * at the outdoor items' location. Null when the span has no daylight forecast hours.
 */
export function bestOutdoorWindow(f: NormalizedForecast, spanStartMs: number, spanEndMs: number, zone: string) {
  const hours = hoursIn(f, spanStartMs, spanEndMs).filter((h) => h.isDay !== false);
  if (hours.length === 0) return null;
  const alerts = f.alerts;
  const levels = hours.map((h) => {
    const t = Date.parse(h.time);
    const hourAlerts = alerts.filter(
      (a) =>
        (a.starts ? Date.parse(a.starts) : -Infinity) < t + 3_600_000 && (a.ends ? Date.parse(a.ends) : Infinity) > t,
    );
    return assessRisk(
      {
        precipitationProbabilityPct: h.precipitationProbabilityPct,
        precipitationMmH: h.precipitationMm,
        feelsLikeMaxC: feelsLikeOf(h) ?? h.temperatureC,
        feelsLikeMinC: feelsLikeOf(h) ?? h.temperatureC,
        windSpeedMs: h.windSpeedMs,
        windGustMs: h.windGustMs,
        uvIndex: h.uvIndex,
        visibilityM: h.visibilityM,
        weatherCodes: h.weatherCode === null ? [] : [h.weatherCode],
        alerts: hourAlerts,
      },
      OUTDOOR_DEFAULT,
    ).level;
  });
  const bestLevel = levels.reduce<RiskLevel>((a, b) => (LEVEL_RANK[b] < LEVEL_RANK[a] ? b : a), "warning");
  const t = hours.map((h) => Date.parse(h.time));
  let best: [number, number] | null = null;
  for (let i = 0; i < hours.length;) {
    if (levels[i] !== bestLevel) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < hours.length && levels[j] === bestLevel && t[j] - t[j - 1] === 3_600_000) j++;
    if (!best || j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  if (!best) return null;
  const start = Math.max(Date.parse(hours[best[0]].time), spanStartMs);
  const end = Math.min(Date.parse(hours[best[1] - 1].time) + 3_600_000, spanEndMs);
  return {
    start: localIso(start, zone),
    end: localIso(end, zone),
    level: bestLevel,
    hours: r1((end - start) / 3_600_000),
  };
}
