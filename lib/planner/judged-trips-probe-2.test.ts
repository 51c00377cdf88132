import { describe, expect, it } from "vitest";
import { activityOfEvent } from "@/lib/trips/events/activity-of-event";
import { activityProfile } from "@/lib/weather/core";
import { plannerActivity } from "./activity";
import { planEvent } from "./plan-event";
import { buffersOf } from "./reach";
import { violations } from "./testing/invariants";
import { at, between, event, forecastAt, GALE, PLACES as P, RAIN } from "./testing/trip-kit";
import type { PlanInput } from "./types";
import { commitmentsOf, judgeWhereabouts } from "./whereabouts";

/**
 * A second fresh probe (Iceland, the Cyclades, Vancouver Island, Edinburgh): each case a defect a
 * careful traveller would reject, found with every earlier test green. Every option also passes the
 * independent invariants (testing/invariants.ts).
 */
function judged(input: PlanInput) {
  const res = planEvent(input);
  expect(violations(input, res)).toEqual([]);
  return res;
}
const now = (zone: string, local: string) => new Date(at(zone, local));

describe("judged trips: a second fresh probe", () => {
  it("Hogmanay fireworks in the rain are reported, never moved to 16:00 (defect: a scheduled show was movable)", () => {
    const L = "Europe/London";
    const stay = event("accommodation", "Edinburgh hotel", P.edinburghHotel, "2026-12-30T15:00", "2027-01-02T11:00");
    const fireworks = event("activity", "Hogmanay fireworks", P.edinburghHotel, "2026-12-31T23:30", "2027-01-01T00:30");
    const wet = forecastAt(
      P.edinburghHotel,
      "2026-12-29T00:00",
      5,
      between(L, "2026-12-31T20:00", "2027-01-01T03:00", RAIN),
    );
    const res = judged({
      event: fireworks,
      others: [stay],
      forecast: wet,
      now: now(L, "2026-12-28T09:00"),
      threshold: "watch",
    });
    expect(res.options).toEqual([]);
    expect(res.status).toBe("fixed_at_risk");
  });

  it("a glacier walk is a hike (sunrise to sunset), whale watching is small craft (defects: a town walk, sightseeing)", () => {
    expect(activityOfEvent({ type: "activity", title: "Sólheimajökull glacier walk" }).activity_type).toBe("hiking");
    expect(activityOfEvent({ type: "activity", title: "Whale watching from Victoria" }).activity_type).toBe(
      "boat_tour",
    );
    expect(activityOfEvent({ type: "activity", title: "Zodiac tour to the puffins" }).activity_type).toBe("boat_tour");
  });

  it("a soft check-in between the landing and the window does not hide the drive from the airport (defect)", () => {
    // Landing at RKV 11:40 (plus an hour off the plane); the Reykjavík check-in at 15:00 (soft, may shift);
    // the glacier is 2 h 40 min's drive: a 15:00 start there is not reachable, whatever the check-in says.
    const Z = "Atlantic/Reykjavik";
    const inbound = event("flight", "AEY-RKV", P.aey, "2027-02-10T10:45", "2027-02-10T11:40", { to: P.rkv });
    const stay = event("accommodation", "Reykjavík hotel", P.reykjavikHotel, "2027-02-10T13:00", "2027-02-13T11:00");
    const cs = commitmentsOf([inbound, stay], new Set(), buffersOf(null));
    const w = { startMs: at(Z, "2027-02-10T14:00"), endMs: at(Z, "2027-02-10T17:00") };
    const j = judgeWhereabouts(w, P.solheimajokull, cs);
    expect(j.ok).toBe(false);
    expect(j.why).toMatch(/AEY-RKV/);
  });

  it("a ferry at warning in a gale with rain is named by its gusts, not the rain (defect: 'rain 9 mm/h')", () => {
    const Z = "Europe/Athens";
    const stayParos = event("accommodation", "Parikia rooms", P.parosHotel, "2026-07-20T14:00", "2026-07-22T11:00");
    const ferry = event("ferry", "Paros-Naxos ferry", P.parikiaPort, "2026-07-22T11:30", "2026-07-22T12:15", {
      to: P.naxosPort,
    });
    const stayNaxos = event("accommodation", "Naxos town hotel", P.naxosHotel, "2026-07-22T19:00", "2026-07-25T11:00");
    const f = forecastAt(
      P.parikiaPort,
      "2026-07-20T00:00",
      5,
      between(Z, "2026-07-22T00:00", "2026-07-22T14:00", { ...GALE, ...RAIN }),
    );
    const res = judged({ event: ferry, others: [stayParos, stayNaxos], forecast: f, now: now(Z, "2026-07-18T09:00") });
    expect(res.status).toBe("options");
    for (const o of res.options) expect(o.reason).toMatch(/^gusts \d+ km\/h/);
  });
});

describe("judged trips: a meal carried along with a sailing", () => {
  it("a dinner on Mull keeps its evening hour when it follows the next morning's sailing (defect: carried to 16:05)", () => {
    const G = "Europe/London";
    const stayOban = event("accommodation", "Oban B&B", P.obanHotel, "2026-09-08T15:00", "2026-09-10T09:00");
    const ferry = event("ferry", "Oban-Craignure ferry", P.oban, "2026-09-10T09:55", "2026-09-10T10:45", {
      to: P.craignure,
    });
    const dinner = event("food", "Dinner at the Craignure Inn", P.craignureInn, "2026-09-10T19:00", "2026-09-10T21:00");
    const gale = forecastAt(P.oban, "2026-09-09T00:00", 4, between(G, "2026-09-10T06:00", "2026-09-11T07:00", GALE));
    const res = judged({ event: ferry, others: [stayOban, dinner], forecast: gale, now: now(G, "2026-09-08T18:00") });
    expect(res.status).toBe("options");
    // Before: the 07:00 sailing with "Dinner … moves with it to Fri 11 Sep 16:05". Now the sailings whose
    // same gap keeps the dinner within an hour of 19:00.
    for (const o of res.options) {
      const s = o.checks.strands.find((x) => x.event_id === dinner.id)!;
      const hh = Number(s.new_start!.slice(11, 13)) * 60 + Number(s.new_start!.slice(14, 16));
      expect(Math.abs(hh - 19 * 60)).toBeLessThanOrEqual(60);
    }
  });
});

describe("judged trips: performances happen at the house's time", () => {
  it("a matinee, a ballet, an opera or a screening is never swapped to give a walk the dry hours; a tour of the house is (defect: performances were movable)", () => {
    // Lisbon, rain all day but 15:00-17:00: the one dry window is taken by the afternoon performance. Moving the
    // performance to the morning is not an option a traveller has; a guided tour of the opera house is.
    const L = "Europe/Lisbon";
    const walk = event("activity", "Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T12:00");
    const input = (title: string): PlanInput => ({
      event: walk,
      others: [event("activity", title, P.gulbenkian, "2026-06-04T15:00", "2026-06-04T17:00")],
      forecast: forecastAt(P.sintra, "2026-06-03T00:00", 3, (ms) =>
        ms >= at(L, "2026-06-04T15:00") && ms < at(L, "2026-06-04T17:00") ? {} : RAIN,
      ),
      now: now(L, "2026-06-01T09:00"),
      tripDates: { start: "2026-06-04", end: "2026-06-04", zone: L },
    });
    for (const title of [
      "Matinee at the Teatro Nacional D. Maria II",
      "Swan Lake (ballet), Grand Auditorium",
      "Tosca at the Teatro São Carlos opera",
      "Cinema: afternoon screening",
      "Gulbenkian Orchestra symphony matinee",
      "Les Misérables, the musical",
    ]) {
      const res = judged(input(title));
      expect(res.options, title).toEqual([]);
      expect(res.status, title).toBe("no_option");
      expect(activityProfile(plannerActivity(input(title).others[0])).outdoor, title).toBe(false);
    }
    for (const title of ["Opera house guided tour", "Teatro São Carlos backstage tour"]) {
      const res = judged(input(title));
      expect(res.options.length, title).toBeGreaterThan(0);
      expect(
        res.options.every((o) => o.kind === "swap"),
        title,
      ).toBe(true);
    }
  });
});

describe("judged trips: a long gale", () => {
  it("a gale of a day and a half reads to its end, not 12 hours in (defect: it read as ending early)", () => {
    const Z = "Europe/Vienna";
    const stay = event("accommodation", "Salzburg hotel", P.salzburgHotel, "2026-10-08T15:00", "2026-10-14T11:00");
    const hike = event("activity", "Untersberg hike", P.untersberg, "2026-10-10T10:00", "2026-10-10T14:00");
    const f = forecastAt(P.untersberg, "2026-10-08T00:00", 6, between(Z, "2026-10-09T20:00", "2026-10-11T08:00", GALE));
    const res = judged({ event: hike, others: [stay], forecast: f, now: now(Z, "2026-10-07T09:00") });
    expect(res.status).toBe("options");
    for (const o of res.options) expect(o.reason).toMatch(/^gusts \d+ km\/h Fri 9 Oct 20:00-Sun 11 Oct 08:00;/);
  });
});
