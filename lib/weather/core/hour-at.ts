import type { HourlyPoint } from "./types";

/** The forecast hour covering `at` (the last one starting at or before it; the first when `at` is earlier). */
export function hourAt(hourly: HourlyPoint[], at: Date): HourlyPoint | undefined {
  const t = at.getTime();
  let best: HourlyPoint | undefined;
  for (const h of hourly) {
    if (Date.parse(h.time) <= t) best = h;
    else break;
  }
  return best ?? hourly[0];
}
