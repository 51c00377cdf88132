import { describe, expect, it } from "vitest";
import { planEvent } from "./plan-event";
import { violations } from "./testing/invariants";
import { at, between, event, forecastAt, PLACES as P, RAIN } from "./testing/trip-kit";
import type { PlanInput, PlanOption } from "./types";

/**
 * Judged trips across the water: an event on an island keeps its side of the ferry (the travel
 * estimate drives 20 km by car from Oban to the Mull trailhead; a car does not cross the sea).
 * Every option also passes the independent invariants (testing/invariants.ts).
 */
function judged(input: PlanInput) {
  const res = planEvent(input);
  expect(violations(input, res)).toEqual([]);
  return res;
}
const startOf = (o: PlanOption) => (o.changes[0].type === "move_event" ? o.changes[0].startDateTime : "");
const G = "Europe/London";
const stayOban = event("accommodation", "Oban B&B", P.obanHotel, "2026-09-08T15:00", "2026-09-10T09:00");
const ferry = event("ferry", "Oban-Craignure ferry", P.oban, "2026-09-10T09:55", "2026-09-10T10:45", {
  to: P.craignure,
});
const stayMull = event("accommodation", "Craignure Inn", P.craignureInn, "2026-09-10T17:00", "2026-09-12T10:00");
const hike = event("activity", "Dùn da Ghaoithe hike", P.mullHike, "2026-09-10T12:00", "2026-09-10T16:00");
const others = [stayOban, ferry, stayMull];
const now = new Date(at(G, "2026-09-08T08:00"));

describe("judged trips: across the water", () => {
  it("the hike on Mull is never moved to the day before the ferry to Mull (defect: it was, three times)", () => {
    // Rain on Mull from the crossing's morning to the end of the 11th: the only dry hours of the three
    // days are on the 9th, in Oban. Before: "Move to Wed 9 Sep 15:30-19:30 / 11:30-15:30 / 07:30-11:30".
    const wet = forecastAt(P.mullHike, "2026-09-08T00:00", 5, between(G, "2026-09-10T06:00", "2026-09-12T00:00", RAIN));
    expect(judged({ event: hike, forecast: wet, now, others }).status).toBe("no_option");
  });

  it("with a dry morning on the 11th, the hike stays on Mull: the next morning", () => {
    const wet = forecastAt(P.mullHike, "2026-09-08T00:00", 5, between(G, "2026-09-10T06:00", "2026-09-11T06:00", RAIN));
    const res = judged({ event: hike, forecast: wet, now, others });
    expect(res.status).toBe("options");
    for (const o of res.options) expect(startOf(o) >= "2026-09-11").toBe(true);
  });
});
