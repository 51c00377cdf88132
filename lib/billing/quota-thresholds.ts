/** Quota alert thresholds (issue 29); client-safe (the portal banner uses them too). */

/** Percent of a limit at which billing.quota_threshold_reached is emitted, once per (dimension, threshold, period). */
export const QUOTA_THRESHOLDS = [80, 100] as const;
export type QuotaThreshold = (typeof QUOTA_THRESHOLDS)[number];

/** The thresholds a level is at or past (none for a limit of 0: the dimension is not in the plan). */
export function thresholdsReached(used: number, limit: number): QuotaThreshold[] {
  if (!(limit > 0)) return [];
  return QUOTA_THRESHOLDS.filter((t) => used * 100 >= t * limit);
}

export interface QuotaWarning {
  dimension: string;
  threshold: QuotaThreshold;
  used: number;
  limit: number;
}

/** Dimensions at 80 % or more of their limit, fullest first (the portal's quota banner). */
export function quotaWarnings(usage: Record<string, { used: number; limit: number }>): QuotaWarning[] {
  const out: QuotaWarning[] = [];
  for (const [dimension, { used, limit }] of Object.entries(usage)) {
    const reached = thresholdsReached(used, limit);
    if (reached.length) out.push({ dimension, threshold: reached[reached.length - 1], used, limit });
  }
  return out.sort((a, b) => b.used / b.limit - a.used / a.limit);
}
