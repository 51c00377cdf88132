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

/** The largest jitter, as a share of the cadence: 10 % (90 s at 15 min, 6 min at hourly). */
export const JITTER_SHARE = 0.1;

/**
 * A watch's fixed place within its cadence, in [0, 1): FNV-1a of its id, finished with
 * murmur3's fmix32 so ids differing only in their last characters still land far apart.
 * Deterministic (the same watch keeps its phase from check to check and across instances).
 */
export function jitterPhase(watchId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < watchId.length; i++) {
    h ^= watchId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

/**
 * The next check: one cadence after `now`, earlier by the watch's jitter (up to JITTER_SHARE of
 * the cadence), so watches created together come due spread over that share of the cadence
 * instead of all at once (issue 34). Without an id there is no jitter.
 */
export function nextCheckAfter(now: Date, startsAt: Date, endsAt: Date, watchId?: string): Date {
  const phase = watchId ? jitterPhase(watchId) : 0;
  const jitterAt = (at: number) => Math.floor(phase * JITTER_SHARE * refreshIntervalMs(new Date(at), startsAt));
  let t = now.getTime() + refreshIntervalMs(now, startsAt) - jitterAt(now.getTime());
  // Come back no later than the moment the cadence tightens, so a watch created
  // 4 days out is checked hourly as soon as it is 3 days out (jittered by the new cadence:
  // watches of one window must not all cross the boundary together).
  const boundaries = [startsAt.getTime() - 72 * HOUR, startsAt.getTime() - 6 * HOUR].map((b) => b - jitterAt(b));
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
