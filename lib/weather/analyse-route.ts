import { evaluateWindow, profileFor } from "./core/evaluate-window";
import { conditionFor } from "./core/i18n/conditions";
import { resolveLanguage } from "@/lib/i18n/languages";
import { seaStateOut, cacheHeaders, combinedStatus, environmentLabel } from "./core/present";
import type { TransportMode, Vessel } from "./core/risk/profiles";
import { recommendationFor } from "./core/risk/recommendations";
import { compareReasons, LEVEL_RANK, maxLevel, type RiskReason } from "./core/risk/types";
import { planRoute, type LatLng } from "./core/route-plan";
import { getSnapshots } from "./io/snapshots/get-snapshot";
import type { AccountEnvironmentName, Units } from "./core/types";

export interface RouteInput {
  origin: LatLng;
  destination: LatLng;
  transport_mode: TransportMode;
  start_time: Date;
  units: Units;
  language?: string;
  path?: LatLng[];
  /** Ferry only (default large). */
  vessel?: Vessel;
}

export async function analyseRoute(body: RouteInput, environment: AccountEnvironmentName) {
  const lang = resolveLanguage(body.language);
  const plan = planRoute(body);
  const snaps = await getSnapshots(
    plan.segments.map((s) => s.mid_point),
    { environment, use: "forecast" },
  );
  const profile = profileFor({ transportMode: body.transport_mode, vessel: body.vessel });
  const locale = { language: lang, units: body.units };
  const segments = plan.segments.map((seg, i) => {
    const { snapshot, cacheStatus } = snaps[i];
    // Weather at the segment's midpoint and mid-time (DESIGN section 5).
    const { metrics, risk } = evaluateWindow(snapshot.forecast, {
      startMs: seg.mid_time.getTime(),
      endMs: seg.mid_time.getTime(),
      transportMode: body.transport_mode,
      vessel: body.vessel,
      locale,
    });
    return {
      risk,
      out: {
        index: seg.index,
        start_point: seg.start_point,
        end_point: seg.end_point,
        start_time: seg.start_time.toISOString(),
        end_time: seg.end_time.toISOString(),
        distance_m: seg.distance_m,
        duration_minutes: Math.round(((seg.end_time.getTime() - seg.start_time.getTime()) / 60_000) * 10) / 10,
        snapshot_id: snapshot.id,
        cache_status: cacheStatus,
        condition: {
          label:
            metrics.condition_code === null ? null : conditionFor(metrics.condition_code, lang, metrics.is_day).label,
          temperature_c: metrics.temperature_c,
          wind_speed_kph: metrics.wind_speed_kph,
          wind_gust_kph: metrics.wind_gust_kph,
          precipitation_mm: metrics.precipitation_intensity_mm_h,
          visibility_km: metrics.visibility_km,
        },
        // Ferry legs: the sea the vessel meets (Open-Meteo Marine, or an injection); null where unknown.
        ...(body.transport_mode === "ferry" ? { sea_state: seaStateOut(metrics.supplements) } : {}),
        risk: { level: risk.level, reasons: risk.reasons, recommendation: risk.recommendation },
      },
    };
  });

  // Overall: each reason code once, at the worst level any segment reached.
  const byCode = new Map<string, RiskReason>();
  for (const s of segments) {
    for (const r of s.risk.reasons) {
      const prev = byCode.get(r.code);
      if (!prev || LEVEL_RANK[r.level] > LEVEL_RANK[prev.level]) byCode.set(r.code, r);
    }
  }
  // Level first, ties by physical severity: the first reason is the main issue.
  const reasons = [...byCode.values()].sort(compareReasons);
  const level = maxLevel(segments.map((s) => s.risk.level));
  const top = level === "low" ? null : (reasons.find((r) => r.level === level) ?? null);
  const statuses = snaps.map((s) => s.cacheStatus);
  const ids = snaps.map((s) => s.snapshot.id);
  const status = combinedStatus(statuses);
  return {
    data: {
      origin: body.origin,
      destination: body.destination,
      transport_mode: body.transport_mode,
      ...(body.transport_mode === "ferry" ? { vessel: body.vessel ?? "large" } : {}),
      start_time: body.start_time.toISOString(),
      distance_m: plan.distance_m,
      duration_minutes: plan.duration_minutes,
      path_source: body.path ? ("polyline" as const) : ("great_circle" as const),
      segments: segments.map((s) => s.out),
      overall_risk: {
        level,
        reasons,
        recommendation: top ? recommendationFor(top.code, profile, locale) : null,
        main_issue: top?.code ?? "none",
      },
    },
    meta: {
      environment: environmentLabel(environment),
      cache_status: status,
      ...(new Set(ids).size === 1 ? { snapshot_id: ids[0] } : {}),
      segments_analyzed: segments.length,
      units: body.units,
      language: lang,
    },
    headers: { ...cacheHeaders(status, ids), "Content-Language": lang },
  };
}
