import { env } from "@/lib/env";

/**
 * Delays (seconds) before each attempt of a chain: the first attempt
 * immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (DESIGN section 7),
 * so a chain has 8 attempts. WEBHOOK_RETRY_SCHEDULE overrides it with a
 * comma-separated list in the same form (decimals allowed, e.g. "0,0.05,0.05").
 */
export const DEFAULT_RETRY_SCHEDULE = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];
export const JITTER = 0.2;

export function parseRetrySchedule(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === "") return DEFAULT_RETRY_SCHEDULE;
  const parts = raw.split(",").map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE must be non-negative seconds, comma-separated (got "${raw}").`);
  }
  return parts;
}

export function retrySchedule(): number[] {
  return parseRetrySchedule(env().WEBHOOK_RETRY_SCHEDULE);
}

/** Delay in ms before attempt `attemptNumber` (1-based), with ±20 % jitter; null when the chain is over. */
export function delayBeforeAttemptMs(
  attemptNumber: number,
  schedule = retrySchedule(),
  random = Math.random,
): number | null {
  const base = schedule[attemptNumber - 1];
  if (base === undefined) return null;
  const factor = 1 + (random() * 2 - 1) * JITTER;
  return Math.round(base * 1000 * factor);
}

/** The schedule a new automatic chain stores (ms before each attempt); its length is the chain's attempt limit. */
export function chainScheduleMs(schedule = retrySchedule()): number[] {
  return schedule.map((s) => Math.round(s * 1000));
}

/**
 * Delay in ms before attempt `attemptNumber` of a chain that stored
 * `scheduleMs` (±20 % jitter). Never null: a chain whose stored schedule is
 * shorter than its attempt limit reuses the last entry, and one from before
 * schedules were stored (null) uses the current setting, so no chain is ever
 * left pending with no next attempt.
 */
export function chainDelayMs(
  scheduleMs: readonly number[] | null,
  attemptNumber: number,
  random = Math.random,
): number {
  const s = scheduleMs && scheduleMs.length ? scheduleMs : chainScheduleMs();
  const base = s[Math.min(attemptNumber - 1, s.length - 1)];
  return Math.round(base * (1 + (random() * 2 - 1) * JITTER));
}
