const HOUR_MS = 3_600_000;

/** The fixed one-hour UTC window containing `now`: [start, end). */
export function windowOf(now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { start: new Date(start), end: new Date(start + HOUR_MS) };
}

/** Whole seconds until the window ends, at least 1 (for Retry-After). */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}
