/**
 * The 100-item timeline the statement-count test and the benchmark send: 10 cells ~20 km apart
 * around Paris (10 items each), one-hour windows over the next day, five activity types.
 */
export function parisTimelineItems(now = Date.now()) {
  const hour = 3_600_000;
  const base = Math.floor(now / hour) * hour;
  return Array.from({ length: 100 }, (_, i) => ({
    id: `i${i}`,
    lat: 48.0 + (i % 10) * 0.2,
    lng: 2.35,
    start: new Date(base + (2 + (i % 24)) * hour).toISOString(),
    end: new Date(base + (3 + (i % 24)) * hour).toISOString(),
    activity_type: ["walking_tour", "museum", "beach", "dining", "cycling"][i % 5],
  }));
}
