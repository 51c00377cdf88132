import { evaluateWindow } from "./core/evaluate-window";
import { resolveLanguage } from "@/lib/i18n/languages";
import {
  alertOut,
  cacheHeaders,
  conditionsAt,
  currentOut,
  locationOut,
  provenance,
  riskOut,
  environmentLabel,
} from "./core/present";
import { getSnapshot } from "./io/snapshots/get-snapshot";
import { hourAt } from "./core/hour-at";
import { minutelyAhead, nowcastLine } from "./core/nowcast";
import type { CurrentConditions, HourlyPoint } from "./core/types";

/** Sea state and air are hourly series: "now" takes them from the hour covering now. */
function withHourSupplements(c: CurrentConditions, h: HourlyPoint | undefined | null): CurrentConditions {
  if (!h) return c;
  return {
    ...c,
    waveHeightM: h.waveHeightM ?? null,
    wavePeriodS: h.wavePeriodS ?? null,
    waveDirectionDeg: h.waveDirectionDeg ?? null,
    airQuality: h.airQuality ?? null,
  };
}
import type { AccountEnvironmentName, Units } from "./core/types";

export interface CurrentRequest {
  lat: number;
  lng: number;
  units: Units;
  language?: string;
  activity_type?: string;
}

/** Risk "now" looks at the next three hours: what someone heading out would meet. */
const CURRENT_RISK_WINDOW_MS = 3 * 3_600_000;

export async function getCurrentWeather(q: CurrentRequest, environment: AccountEnvironmentName) {
  const lang = resolveLanguage(q.language);
  const { snapshot, cacheStatus } = await getSnapshot({ lat: q.lat, lng: q.lng, environment, use: "current" });
  const f = snapshot.forecast;
  const now = new Date();
  const { risk } = evaluateWindow(f, {
    startMs: now.getTime(),
    endMs: now.getTime() + CURRENT_RISK_WINDOW_MS,
    activityType: q.activity_type,
    locale: { language: lang, units: q.units },
  });
  const alerts = f.alerts.filter((a) => !a.ends || Date.parse(a.ends) >= now.getTime());
  const ahead = minutelyAhead(f, now.getTime());
  const hourNow = hourAt(f.hourly, now);
  const nowcast = nowcastLine(ahead, now.getTime(), {
    timezone: f.timezone,
    snow: (hourNow?.temperatureC ?? 5) <= 0,
    locale: { language: lang, units: q.units },
  });
  return {
    data: {
      location: locationOut(q.lat, q.lng, f.timezone),
      current: currentOut(withHourSupplements(conditionsAt(f, now), hourNow), q.units, lang),
      minutely: ahead
        ? {
            step_minutes: ahead.stepMinutes,
            points: ahead.points.map((p) => ({ time: p.time, precipitation_mm_h: p.precipitationMmH })),
          }
        : null,
      nowcast,
      alerts: alerts.map(alertOut),
      risk: { ...riskOut(risk), activity_type: q.activity_type ?? null },
      ...provenance(snapshot),
    },
    meta: {
      environment: environmentLabel(environment),
      cache_status: cacheStatus,
      snapshot_id: snapshot.id,
      units: q.units,
      language: lang,
    },
    headers: { ...cacheHeaders(cacheStatus, [snapshot.id]), "Content-Language": lang },
  };
}
