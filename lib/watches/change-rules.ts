import type { WatchAlert, WatchChangeRules, WatchMetrics } from "@/drizzle/schema";

/** Spec defaults for every change_rules field. */
export const DEFAULT_CHANGE_RULES: WatchChangeRules = {
  precipitation_probability_delta: 30,
  temperature_c_delta: 5,
  wind_kph_delta: 20,
  uv_index_delta: 3,
  detect_severe_alerts: true,
  detect_risk_level_change: true,
};

export function mergeChangeRules(input: Partial<WatchChangeRules> | undefined): WatchChangeRules {
  const merged = { ...DEFAULT_CHANGE_RULES };
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  return merged;
}

export interface CrossedDelta {
  metric: keyof WatchMetrics | "risk_level";
  previous: number | string | null;
  current: number | string | null;
  delta: number | null;
  threshold: number | null;
}

const NUMERIC_RULES: Array<{ metric: keyof WatchMetrics; rule: keyof WatchChangeRules }> = [
  { metric: "precipitation_probability", rule: "precipitation_probability_delta" },
  { metric: "temperature_c", rule: "temperature_c_delta" },
  { metric: "wind_speed_kph", rule: "wind_kph_delta" },
  { metric: "uv_index", rule: "uv_index_delta" },
];

/**
 * Thresholds crossed between two refreshes. A delta crosses when its absolute
 * value reaches the rule (>=), so "30 points" fires on exactly 30.
 */
export function crossedDeltas(
  rules: WatchChangeRules,
  prev: { metrics: WatchMetrics; riskLevel: string | null },
  next: { metrics: WatchMetrics; riskLevel: string | null },
): CrossedDelta[] {
  const out: CrossedDelta[] = [];
  for (const { metric, rule } of NUMERIC_RULES) {
    const a = prev.metrics[metric];
    const b = next.metrics[metric];
    const threshold = rules[rule] as number;
    if (a === null || b === null || a === undefined || b === undefined) continue;
    const delta = round1(b - a);
    if (Math.abs(delta) >= threshold) out.push({ metric, previous: a, current: b, delta, threshold });
  }
  if (rules.detect_risk_level_change && prev.riskLevel && next.riskLevel && prev.riskLevel !== next.riskLevel) {
    out.push({ metric: "risk_level", previous: prev.riskLevel, current: next.riskLevel, delta: null, threshold: null });
  }
  return out;
}

const SEVERE = new Set(["severe", "extreme"]);

export const isSevere = (a: WatchAlert): boolean => SEVERE.has(a.severity.toLowerCase());

/** Every identifier an alert has gone by: its id, its CAP identifier and those of the messages it updated. */
export function alertKeys(a: WatchAlert): string[] {
  return [...new Set([a.id, a.cap_identifier ?? null, ...(a.references ?? [])].filter((k): k is string => !!k))];
}

/**
 * Severe or extreme alerts present now that the previous snapshot did not carry under any of their
 * identifiers. A candidate only: the watch's alert notices (record-refresh.ts) have the last word,
 * so an alert that left and came back, or was updated, is not announced twice.
 */
export function newSevereAlerts(rules: WatchChangeRules, prev: WatchAlert[], next: WatchAlert[]): WatchAlert[] {
  if (!rules.detect_severe_alerts) return [];
  const seen = new Set(prev.flatMap(alertKeys));
  return next.filter((a) => isSevere(a) && !alertKeys(a).some((k) => seen.has(k)));
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
