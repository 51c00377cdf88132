import { describe, expect, it } from "vitest";
import { planEvent } from "./plan-event";
import { violations } from "./testing/invariants";
import { at, between, event, forecastAt, PLACES as P, RAIN, STORM } from "./testing/trip-kit";
import type { PlanInput, PlanOption } from "./types";

/**
 * More judged trips (issue 38 item 10), each probing a corner a careful traveller would try by hand:
 * a member's fixed event, a fixed swap partner, the day the clocks go back, an open-ended walk before
 * a train. Every option must also pass the independent invariants (testing/invariants.ts).
 */
function judged(input: PlanInput) {
  const res = planEvent(input);
  expect(violations(input, res)).toEqual([]);
  return res;
}
const L = "Europe/Lisbon";
const startOf = (o: PlanOption) => (o.changes[0].type === "move_event" ? o.changes[0].startDateTime : "");
const endOf = (o: PlanOption) => (o.changes[0].type === "move_event" ? o.changes[0].endDateTime : null);
const now = (local: string) => new Date(at(L, local));

describe("judged trips: probes", () => {
  it("a guided hike a member marked fixed (booked guide) is reported at risk, never moved", () => {
    const hike = event("activity", "Guided Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T14:00", {
      fixed: true,
    });
    const res = judged({
      event: hike,
      others: [],
      forecast: forecastAt(P.sintra, "2026-06-03T00:00", 3, between(L, "2026-06-04T09:00", "2026-06-04T15:00", STORM)),
      now: now("2026-06-01T09:00"),
    });
    expect(res.status).toBe("fixed_at_risk");
    expect(res.current.level).toBe("warning");
    expect(res.options).toEqual([]);
  });

  it("a one-day trip dry only 15:00-17:00, the museum then a fixed timed ticket: no swap, and no option rather than a bad one", () => {
    const hike = event("activity", "Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T12:00");
    const museum = event(
      "activity",
      "Gulbenkian museum (timed ticket)",
      P.gulbenkian,
      "2026-06-04T15:00",
      "2026-06-04T17:00",
      { fixed: true, activityType: "museum" },
    );
    const input: PlanInput = {
      event: hike,
      others: [museum],
      forecast: forecastAt(P.sintra, "2026-06-03T00:00", 3, (ms) =>
        ms >= at(L, "2026-06-04T15:00") && ms < at(L, "2026-06-04T17:00") ? {} : RAIN,
      ),
      now: now("2026-06-01T09:00"),
      tripDates: { start: "2026-06-04", end: "2026-06-04", zone: L },
    };
    const res = judged(input);
    expect(res.status).toBe("no_option");
    // The same trip with a movable museum: the swap is the one thing to offer (the museum takes the rain).
    const movable = judged({ ...input, others: [{ ...museum, fixed: false }] });
    expect(movable.options.length).toBeGreaterThan(0);
    expect(movable.options.every((o) => o.kind === "swap")).toBe(true);
  });

  it("the day the clocks go back (Lisbon, 25 Oct): windows are read in the right offset, inside the sun of each day", () => {
    const hike = event("activity", "Arrábida hike", P.arrabida, "2026-10-25T10:00", "2026-10-25T14:00");
    const res = judged({
      event: hike,
      others: [],
      forecast: forecastAt(P.arrabida, "2026-10-24T00:00", 3, between(L, "2026-10-25T08:00", "2026-10-25T15:00", RAIN)),
      now: now("2026-10-22T09:00"),
    });
    expect(res.status).toBe("options");
    for (const o of res.options) {
      // Summer time (+01:00) before the change, winter time (+00:00) after it.
      expect(startOf(o)).toMatch(startOf(o) < "2026-10-25T02" ? /\+01:00$/ : /\+00:00$/);
      expect(Date.parse(endOf(o)!) - Date.parse(startOf(o))).toBe(4 * 3_600_000);
      expect(Date.parse(o.checks.daylight.sunset!)).toBeGreaterThanOrEqual(Date.parse(endOf(o)!));
      expect(Date.parse(o.checks.daylight.sunrise!)).toBeLessThanOrEqual(Date.parse(startOf(o)));
    }
  });

  it("an open-ended walk before the Lisbon train: judged as an hour, kept without an end, clear of the station buffer", () => {
    const train = event("train", "Porto-Lisbon", P.portoCampanha, "2026-06-05T14:00", "2026-06-05T17:00", {
      to: P.lisbonSantaApolonia,
    });
    const walk = event("activity", "Foz walk", P.douroTrail, "2026-06-05T10:00", null, { activityType: "walking" });
    const res = judged({
      event: walk,
      others: [train],
      forecast: forecastAt(
        P.douroTrail,
        "2026-06-04T00:00",
        3,
        between(L, "2026-06-05T09:00", "2026-06-05T12:00", STORM),
      ),
      now: now("2026-06-03T09:00"),
    });
    expect(res.status).toBe("options");
    for (const o of res.options) {
      expect(endOf(o)).toBeNull();
      const after = o.checks.after!;
      expect(after.event_id).toBe(train.id);
      expect(after.buffer_minutes).toBe(30);
      // An hour's walk, the way to the station and the buffer all fit before the train leaves.
      expect(Date.parse(startOf(o)) + 3_600_000 + (after.travel_minutes + 30) * 60_000).toBeLessThanOrEqual(
        train.startMs,
      );
    }
  });

  it("an undated Denver trip that opens with a stay: the hike is never moved far before the check-in or after the check-out", () => {
    // Found by hand (issue 38 item 5): a stay spanning the event bounded neither side, so the stormy
    // first-day hike was moved to the day before the traveller checks in. Then (judged by hand): a
    // 06:00 option on the day of a 15:00 check-in assumed an arrival nobody booked; the span now opens
    // three hours before the check-in (STAY_ALLOWANCE_MS), not at midnight.
    const D = "America/Denver";
    const stay = event("accommodation", "Hotel Denver", P.denverHotel, "2026-06-10T15:00", "2026-06-12T10:00");
    const storm = (from: string, to: string) =>
      forecastAt(P.redRocks, "2026-06-08T00:00", 7, between(D, from, to, STORM));
    const first = event("activity", "Red Rocks hike", P.redRocks, "2026-06-10T16:00", "2026-06-10T19:00");
    const opening = judged({
      event: first,
      others: [stay],
      // From 16:00: a 12:00-15:00 hike then keeps the half hour's lightning clearance.
      forecast: storm("2026-06-10T16:00", "2026-06-12T00:00"),
      now: new Date(at(D, "2026-06-08T08:00")),
    });
    expect(opening.status).toBe("options");
    for (const o of opening.options) expect(startOf(o) >= "2026-06-10T12:00").toBe(true);
    // A storm from noon leaves only the early morning of the arrival day: no option rather than a guess.
    const noon = judged({
      event: first,
      others: [stay],
      forecast: storm("2026-06-10T12:00", "2026-06-12T00:00"),
      now: new Date(at(D, "2026-06-08T08:00")),
    });
    expect(noon.status).toBe("no_option");
    const last = event("activity", "Red Rocks hike", P.redRocks, "2026-06-12T07:00", "2026-06-12T09:00");
    const closing = judged({
      event: last,
      others: [stay],
      forecast: storm("2026-06-11T00:00", "2026-06-12T23:00"),
      now: new Date(at(D, "2026-06-08T08:00")),
    });
    // Stormy until the end of the check-out day: nothing after it, so no option rather than a bad one.
    expect(closing.status).toBe("no_option");
  });

  it("a surf lesson the member typed as `surfing` in a 3 m swell is small craft at warning, moved to the calmer day (defect: outdoor default, no waves, low)", () => {
    const nazare = { lat: 39.6021, lng: -9.0714, zone: L, name: "Nazaré" };
    const surf = event("activity", "Surf lesson", nazare, "2026-09-15T10:00", "2026-09-15T12:00", {
      activityType: "surfing",
    });
    const swell = { waveHeightM: 3, wavePeriodS: 12 };
    const res = judged({
      event: surf,
      others: [],
      forecast: forecastAt(nazare, "2026-09-14T00:00", 3, between(L, "2026-09-15T00:00", "2026-09-16T00:00", swell)),
      now: now("2026-09-12T09:00"),
    });
    expect(res.current.level).toBe("warning");
    expect(res.status).toBe("options");
    for (const o of res.options) expect(startOf(o).startsWith("2026-09-15")).toBe(false);
  });
});
