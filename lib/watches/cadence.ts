/**
 * Refresh cadence by lead time (documented in docs/watches.md):
 *   more than 3 days before starts_at  -> every 6 h
 *   6 h .. 3 days before starts_at     -> hourly
 *   within 6 h of starts_at, or during the window -> every 15 min
 * The next check never lands after ends_at (expiry takes over there).
 */
const MIN = 60_000;
const HOUR = 60 * MIN;

export function refreshIntervalMs(now: Date, startsAt: Date): number {
  const lead = startsAt.getTime() - now.getTime();
  if (lead > 72 * HOUR) return 6 * HOUR;
  if (lead > 6 * HOUR) return HOUR;
  return 15 * MIN;
}

export function nextCheckAfter(now: Date, startsAt: Date, endsAt: Date): Date {
  const next = new Date(now.getTime() + refreshIntervalMs(now, startsAt));
  // Come back no later than the moment the cadence tightens, so a watch created
  // 4 days out is checked hourly as soon as it is 3 days out.
  const boundaries = [startsAt.getTime() - 72 * HOUR, startsAt.getTime() - 6 * HOUR];
  let t = next.getTime();
  for (const b of boundaries) if (b > now.getTime() && b < t) t = b;
  return new Date(Math.min(t, endsAt.getTime()));
}

/** Consecutive refresh failures that retire a watch as failed. */
export const MAX_REFRESH_FAILURES = 5;

/** Backoff after the n-th consecutive failure: 1, 2, 4, 8 min (capped by the cadence). */
export function failureBackoffMs(failures: number, now: Date, startsAt: Date): number {
  const backoff = Math.min(2 ** Math.max(0, failures - 1) * MIN, 30 * MIN);
  return Math.min(backoff, refreshIntervalMs(now, startsAt));
}

/** How long a claimed refresh may run before another refresher may take it over. */
export const REFRESH_LEASE_MS = 2 * MIN;
