/** Quota periods are calendar months in UTC (spec "Weather quotas"). */
export interface BillingPeriod {
  /** Counter key: the first day of the month, YYYY-MM-01. */
  key: string;
  start: Date;
  /** Exclusive end: the next month boundary (also X-RateLimit-Reset). */
  end: Date;
  /** Unix seconds of `end`. */
  resetEpoch: number;
}

// The period and the day of "now" are built once and reused while the clock stays inside them:
// every metered request needs both, and each Date made under `next start` is slow to make and
// to read (docs/decisions/0001-runtime-tuning.md, "epoch milliseconds").
let current: { period: BillingPeriod; startMs: number; endMs: number } | undefined;
let today: { key: string; startMs: number; endMs: number } | undefined;

/** The period containing epoch milliseconds `ms` (default now). */
export function periodAt(ms: number = Date.now()): BillingPeriod {
  if (current && ms >= current.startMs && ms < current.endMs) return current.period;
  const period = periodOf(new Date(ms));
  current = { period, startMs: period.start.getTime(), endMs: period.end.getTime() };
  return period;
}

/** UTC day (YYYY-MM-DD) of epoch milliseconds `ms`. */
export function dayAt(ms: number): string {
  if (today && ms >= today.startMs && ms < today.endMs) return today.key;
  const startMs = ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
  today = { key: dayOf(new Date(ms)), startMs, endMs: startMs + 86_400_000 };
  return today.key;
}

export function periodOf(at: Date = new Date()): BillingPeriod {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 10), start, end, resetEpoch: Math.floor(end.getTime() / 1000) };
}

/** The period of a "YYYY-MM" month string, or undefined when malformed. */
export function periodOfMonth(month: string): BillingPeriod | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return undefined;
  return periodOf(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** UTC day, YYYY-MM-DD. */
export function dayOf(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}
