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
