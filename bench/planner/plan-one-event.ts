/**
 * Planner micro-benchmark (issue 38): planning one event of a 60-event, 14-day trip (pure, no
 * I/O), median of repeated runs. Uses only the planner's original input fields so that the same
 * file runs against an older checkout for a before/after figure:
 *   npx tsx bench/planner/plan-one-event.ts
 */
import { planEvent } from "../../lib/planner/plan-event";
import { ev, rainBetween, syntheticForecast } from "../../lib/planner/testing/synthetic-forecast";

const HOUR = 3_600_000;
const day0 = Date.parse("2026-05-01T00:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const others = [];
for (let d = 0; d < 14; d++) {
  const base = day0 + d * 24 * HOUR;
  others.push(ev("activity", `Museum ${d}`, iso(base + 8 * HOUR), iso(base + 10 * HOUR)));
  others.push(ev("food", `Lunch ${d}`, iso(base + 12 * HOUR), iso(base + 13 * HOUR)));
  others.push(ev("activity", `Walking tour ${d}`, iso(base + 15 * HOUR), iso(base + 17 * HOUR)));
  others.push(ev("food", `Dinner ${d}`, iso(base + 19 * HOUR), iso(base + 21 * HOUR)));
}
others.push(ev("accommodation", "Hotel", iso(day0 + 14 * HOUR), iso(day0 + 13 * 24 * HOUR + 10 * HOUR)));
others.push(ev("flight", "Flight in", iso(day0 + 6 * HOUR), iso(day0 + 9 * HOUR)));
others.push(
  ev("flight", "Flight home", iso(day0 + 13 * 24 * HOUR + 15 * HOUR), iso(day0 + 13 * 24 * HOUR + 18 * HOUR)),
);
while (others.length < 59)
  others.push(ev("free_block", "Free", iso(day0 + 7 * 24 * HOUR), iso(day0 + 7 * 24 * HOUR + HOUR)));
const hike = ev(
  "activity",
  "Sintra hike",
  iso(day0 + 6 * 24 * HOUR + 10 * HOUR),
  iso(day0 + 6 * 24 * HOUR + 12 * HOUR),
);
const forecast = syntheticForecast(
  iso(day0),
  16 * 24,
  rainBetween(iso(day0 + 6 * 24 * HOUR + 9 * HOUR), iso(day0 + 6 * 24 * HOUR + 15 * HOUR), 9),
);
const input = { event: hike, others, forecast, now: new Date(day0 - 24 * HOUR) };

const runs: number[] = [];
let options = 0;
for (let i = 0; i < 20; i++) planEvent(input);
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  options = planEvent(input).options.length;
  runs.push(performance.now() - t);
}
runs.sort((a, b) => a - b);
console.log(
  JSON.stringify({ events: others.length + 1, options, p50_ms: +runs[100].toFixed(2), p95_ms: +runs[190].toFixed(2) }),
);
