/**
 * The cadences background jobs use, as data: the same value becomes the
 * Inngest cron expression and the local runner's next run time, so the two
 * runners cannot drift apart. All times are UTC.
 */
export type Cadence =
  { every: "minute" } | { every: "hour"; minute: number } | { every: "day"; hour: number; minute: number };

export function cronOf(c: Cadence): string {
  switch (c.every) {
    case "minute":
      return "* * * * *";
    case "hour":
      return `${c.minute} * * * *`;
    case "day":
      return `${c.minute} ${c.hour} * * *`;
  }
}

/** The first slot of `c` strictly after `after` (what cron would fire next). */
export function nextSlot(c: Cadence, after: Date): Date {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  switch (c.every) {
    case "minute":
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      return t;
    case "hour":
      t.setUTCMinutes(c.minute);
      if (t <= after) t.setUTCHours(t.getUTCHours() + 1);
      return t;
    case "day":
      t.setUTCHours(c.hour, c.minute);
      if (t <= after) t.setUTCDate(t.getUTCDate() + 1);
      return t;
  }
}
