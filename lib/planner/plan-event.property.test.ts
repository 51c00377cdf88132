import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { planEvent } from "./plan-event";
import { violations } from "./testing/invariants";
import { at, forecastAt, GALE, RAIN, STORM } from "./testing/trip-kit";
import type { PlanInput, PlannerEvent, PlannerPlace } from "./types";

const HOUR = 3_600_000;
const CITIES: PlannerPlace[] = [
  { lat: 38.72, lng: -9.14, zone: "Europe/Lisbon", name: "Lisbon" },
  { lat: 39.74, lng: -104.99, zone: "America/Denver", name: "Denver" },
  { lat: 35.68, lng: 139.69, zone: "Asia/Tokyo", name: "Tokyo" },
  { lat: -36.85, lng: 174.76, zone: "Pacific/Auckland", name: "Auckland" },
  { lat: 64.15, lng: -21.94, zone: "Atlantic/Reykjavik", name: "Reykjavík" },
];
const near = (p: PlannerPlace, dLat: number, dLng: number): PlannerPlace => ({
  ...p,
  lat: p.lat + dLat,
  lng: p.lng + dLng,
  name: null,
});

const hazard = fc.constantFrom({}, {}, {}, RAIN, STORM, GALE);
const offset = fc.double({ min: -0.4, max: 0.4, noNaN: true });
/** A commitment: kind, start hour within the 4-day trip, length in half hours, offset from the city, fixed flag. */
const item = fc.record({
  type: fc.constantFrom<PlannerEvent["type"]>(
    "activity",
    "activity",
    "food",
    "train",
    "flight",
    "ferry",
    "bus",
    "accommodation",
  ),
  title: fc.constantFrom(
    "Hike",
    "Museum",
    "Sea kayak",
    "Dinner",
    "Walking tour",
    "Gallery",
    "Beach",
    "Transfer",
    "Ferry",
  ),
  startHalfHour: fc.integer({ min: 0, max: 4 * 48 - 1 }),
  halfHours: fc.integer({ min: 1, max: 10 }),
  dLat: offset,
  dLng: offset,
  fixed: fc.boolean(),
  far: fc.boolean(),
});

const itinerary = fc.record({
  city: fc.constantFrom(...CITIES),
  month: fc.integer({ min: 1, max: 12 }),
  subject: fc.record({
    title: fc.constantFrom("Hike", "Sea kayak tour", "Beach day", "Walking tour", "Ferry to the island"),
    startHalfHour: fc.integer({ min: 48, max: 3 * 48 - 1 }),
    halfHours: fc.integer({ min: 2, max: 8 }),
    dLat: offset,
    dLng: offset,
  }),
  items: fc.array(item, { maxLength: 8 }),
  weather: fc.array(hazard, { minLength: 5 * 24, maxLength: 5 * 24 }),
  dated: fc.boolean(),
  threshold: fc.constantFrom<"watch" | "warning">("watch", "warning"),
  flightBuffer: fc.option(fc.integer({ min: 0, max: 240 }), { nil: undefined }),
  trainBuffer: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
  ferryBuffer: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
});

type Trip = typeof itinerary extends fc.Arbitrary<infer T> ? T : never;

function build(t: Trip): PlanInput {
  const day0 = `2026-${String(t.month).padStart(2, "0")}-10T00:00`;
  const from = at(t.city.zone, day0);
  const f = forecastAt(t.city, day0, 5, (ms) => t.weather[Math.floor((ms - from) / HOUR)] ?? {});
  const t0 = from + 24 * HOUR;
  const placed = (d: { dLat: number; dLng: number }) => near(t.city, d.dLat, d.dLng);
  let id = 1;
  const subjectIsFerry = /Ferry/.test(t.subject.title);
  const event: PlannerEvent = {
    id: id++,
    type: subjectIsFerry ? "ferry" : "activity",
    title: t.subject.title,
    startMs: t0 + (t.subject.startHalfHour * HOUR) / 2 - 24 * HOUR,
    endMs: t0 + ((t.subject.startHalfHour + t.subject.halfHours) * HOUR) / 2 - 24 * HOUR,
    timeZone: t.city.zone,
    place: placed(t.subject),
    endPlace: subjectIsFerry ? near(t.city, 0.2, 0.2) : null,
  };
  const others: PlannerEvent[] = t.items.map((i) => {
    const startMs = t0 + (i.startHalfHour * HOUR) / 2 - 24 * HOUR;
    const transport = ["train", "flight", "ferry", "bus"].includes(i.type);
    return {
      id: id++,
      type: i.type,
      title: i.title,
      startMs,
      endMs: startMs + (i.type === "accommodation" ? i.halfHours * 12 * HOUR : (i.halfHours * HOUR) / 2),
      timeZone: t.city.zone,
      place: placed(i),
      endPlace: transport ? (i.far ? near(t.city, 8, 8) : placed({ dLat: -i.dLat, dLng: -i.dLng })) : null,
      fixed: i.fixed,
    };
  });
  const day = (n: number) => DateTime.fromISO(day0, { zone: t.city.zone }).plus({ days: n }).toISODate();
  return {
    event,
    others,
    forecast: f,
    now: new Date(from - 12 * HOUR),
    // Dated: the subject's own days and the day after (its current window is inside the dates).
    tripDates: t.dated ? { start: day(1), end: day(3), zone: t.city.zone } : undefined,
    threshold: t.threshold,
    // A trip's own buffers, any of them (the invariants read each override).
    buffers: {
      ...(t.flightBuffer === undefined ? {} : { flightMinutes: t.flightBuffer }),
      ...(t.trainBuffer === undefined ? {} : { trainMinutes: t.trainBuffer }),
      ...(t.ferryBuffer === undefined ? {} : { ferryMinutes: t.ferryBuffer }),
    },
  };
}

describe("the weather planner's invariants over generated itineraries (fast-check)", () => {
  it("no option places the traveller in two places, inside a fixed point or its buffer, outside daylight or the trip's span, into weather worse than watch, or moves a fixed event", () => {
    let withOptions = 0;
    fc.assert(
      fc.property(itinerary, (t) => {
        const input = build(t);
        const res = planEvent(input);
        if (res.options.length) withOptions++;
        expect(violations(input, res)).toEqual([]);
      }),
      {
        numRuns: Number(process.env.PLANNER_PROPERTY_RUNS ?? 150),
        seed: process.env.PLANNER_PROPERTY_RUNS ? undefined : 38_2026,
      },
    );
    // Not vacuous: a good share of the generated trips do get options.
    expect(withOptions).toBeGreaterThan(10);
  });

  it("a trip with no safe slot gets no option rather than a bad one", () => {
    fc.assert(
      fc.property(itinerary, fc.constantFrom(STORM, GALE), (t, h) => {
        const input = build({ ...t, weather: t.weather.map(() => h) });
        const res = planEvent(input);
        expect(res.options).toEqual([]);
        expect(res.status).not.toBe("options");
      }),
      { numRuns: 60, seed: 38_2027 },
    );
  });
});
