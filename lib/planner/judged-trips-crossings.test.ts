import { describe, expect, it } from "vitest";
import { planEvent } from "./plan-event";
import { violations } from "./testing/invariants";
import { at, between, event, forecastAt, GALE, PLACES as P, RAIN, TYPHOON } from "./testing/trip-kit";
import type { PlanInput, PlanOption } from "./types";

/**
 * Judged trips across the water: an event on an island keeps its side of the ferry (the travel
 * estimate drives 20 km by car from Oban to the Mull trailhead; a car does not cross the sea); a
 * ferry at warning is rebooked, and what the new sailing strands follows it or is named.
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
const beforeTrip = new Date(at(G, "2026-09-08T08:00"));
const localTime = (o: PlanOption) => startOf(o).slice(11, 16);
const now = (zone: string, local: string) => new Date(at(zone, local));

describe("judged trips: across the water", () => {
  it("the hike on Mull is never moved to the day before the ferry to Mull (defect: it was, three times)", () => {
    // Rain on Mull from the crossing's morning to the end of the 11th: the only dry hours of the three
    // days are on the 9th, in Oban. Before: "Move to Wed 9 Sep 15:30-19:30 / 11:30-15:30 / 07:30-11:30".
    const wet = forecastAt(P.mullHike, "2026-09-08T00:00", 5, between(G, "2026-09-10T06:00", "2026-09-12T00:00", RAIN));
    expect(judged({ event: hike, forecast: wet, now: beforeTrip, others }).status).toBe("no_option");
  });

  it("with a dry morning on the 11th, the hike stays on Mull: the next morning", () => {
    const wet = forecastAt(P.mullHike, "2026-09-08T00:00", 5, between(G, "2026-09-10T06:00", "2026-09-11T06:00", RAIN));
    const res = judged({ event: hike, forecast: wet, now: beforeTrip, others });
    expect(res.status).toBe("options");
    for (const o of res.options) expect(startOf(o) >= "2026-09-11").toBe(true);
  });
  it("a typhoon over Victoria Harbour: the Star Ferry is never rebooked silently past the hike it leads to, nor to a 05:30 sailing (defects)", () => {
    const H = "Asia/Hong_Kong";
    const stay = event("accommodation", "TST hotel", P.hkHotel, "2026-08-20T15:00", "2026-08-24T11:00");
    const ferry = event(
      "local_transit",
      "Star Ferry to Central",
      P.starFerryTst,
      "2026-08-22T10:00",
      "2026-08-22T10:15",
      {
        endPlace: P.starFerryCentral,
      },
    );
    const hike = event("activity", "Dragon's Back hike", P.dragonsBack, "2026-08-22T13:00", "2026-08-22T16:00");
    const outbound = event("flight", "HKG-SIN", P.hkg, "2026-08-24T14:00", "2026-08-24T18:00", { to: P.hkg });
    const base = { event: ferry, others: [stay, hike, outbound], now: now(H, "2026-08-19T09:00") };
    // The typhoon lasts until 20:00: every calm sailing comes after the hike on the island. A ferry at
    // warning still gets a rebooking proposal, never a silent one: the first calm sailing the next
    // morning, the hike following it at the same gap (the plan keeps its shape), both named.
    const typhoon = forecastAt(
      P.starFerryTst,
      "2026-08-20T00:00",
      5,
      between(H, "2026-08-21T18:00", "2026-08-22T20:00", TYPHOON),
    );
    const long = judged({ ...base, forecast: typhoon });
    expect(long.current.level).toBe("warning");
    expect(long.status).toBe("options");
    expect(startOf(long.options[0])).toBe("2026-08-23T06:00:00+08:00");
    for (const o of long.options) {
      expect(o.needs_rebooking).toBe(true);
      const carried = o.checks.strands[0];
      expect(carried).toMatchObject({ event_id: hike.id, risk: "low" });
      expect(o.changes[1]).toMatchObject({ event_id: hike.id, startDateTime: carried.new_start });
      expect(o.reason).toContain(`Dragon's Back hike moves with it to Sun 23 Aug ${carried.new_start!.slice(11, 16)}`);
    }
    // Flying home the next noon: the hike cannot follow (the 23rd's morning belongs to the airport, the
    // night is dark). Still a proposal, the first calm sailing that evening, naming the hike it costs.
    const stayShort = event("accommodation", "TST hotel", P.hkHotel, "2026-08-20T15:00", "2026-08-23T08:00");
    const home = event("flight", "HKG-SIN", P.hkg, "2026-08-23T12:00", "2026-08-23T16:00", { to: P.hkg });
    const missed = judged({ ...base, others: [stayShort, hike, home], forecast: typhoon });
    expect(missed.status).toBe("options");
    expect(startOf(missed.options[0])).toBe("2026-08-22T20:30:00+08:00");
    for (const o of missed.options) {
      expect(o.changes).toHaveLength(1); // the hike is never moved into the night
      expect(o.checks.strands).toEqual([
        expect.objectContaining({ event_id: hike.id, title: "Dragon's Back hike", new_start: null, risk: null }),
      ]);
      expect(o.rebooking_reason).toContain("Dragon's Back hike (Sat 22 Aug 13:00) would be missed");
    }
    // Gone by noon: the 12:30 crossing (half an hour after the last thunder), still before the hike;
    // never before 06:00, never after the hike.
    const short = judged({
      ...base,
      forecast: forecastAt(
        P.starFerryTst,
        "2026-08-20T00:00",
        5,
        between(H, "2026-08-22T06:00", "2026-08-22T12:00", TYPHOON),
      ),
    });
    expect(short.status).toBe("options");
    expect(startOf(short.options[0])).toBe("2026-08-22T12:30:00+08:00");
    for (const o of short.options) {
      expect(o.needs_rebooking).toBe(true);
      expect(localTime(o) >= "06:00").toBe(true);
      expect(at(H, startOf(o)) + 15 * 60_000).toBeLessThanOrEqual(hike.startMs);
    }
  });

  it("a Scottish island hop in a gale: no 03:00 sailing; the hike on Mull follows the first calm sailing; with the hike a day later, the first calm sailing alone", () => {
    const G = "Europe/London";
    const stayOban = event("accommodation", "Oban B&B", P.obanHotel, "2026-09-08T15:00", "2026-09-10T09:00");
    const ferry = event("ferry", "Oban-Craignure ferry", P.oban, "2026-09-10T09:55", "2026-09-10T10:45", {
      to: P.craignure,
    });
    const stayMull = event("accommodation", "Craignure Inn", P.craignureInn, "2026-09-10T17:00", "2026-09-12T10:00");
    const gale = forecastAt(P.oban, "2026-09-09T00:00", 4, between(G, "2026-09-10T06:00", "2026-09-10T12:00", GALE));
    const hikeSameDay = event("activity", "Dùn da Ghaoithe hike", P.mullHike, "2026-09-10T12:30", "2026-09-10T16:00");
    const base = { event: ferry, forecast: gale, now: now(G, "2026-09-08T18:00") };
    // Before: "Rebook to the 05:00 / 04:00 / 03:00 sailing"; then no proposal at all (every calm
    // sailing came after the hike). Now: the first calm sailing, and the hike follows it to the first
    // half hour the traveller can be at the trailhead (12:50 at Craignure, 5 min away), done before
    // the 17:00 check-in; later sailings that would lose the hike are not offered beside it.
    const same = judged({ ...base, others: [stayOban, hikeSameDay, stayMull] });
    expect(same.status).toBe("options");
    expect(same.options.map(startOf)).toEqual(["2026-09-10T12:00:00+01:00"]);
    const [rebook] = same.options;
    expect(rebook.needs_rebooking).toBe(true);
    expect(rebook.changes[1]).toMatchObject({
      type: "move_event",
      event_id: hikeSameDay.id,
      startDateTime: "2026-09-10T13:00:00+01:00",
      endDateTime: "2026-09-10T16:30:00+01:00",
    });
    expect(rebook.checks.strands).toEqual([
      expect.objectContaining({ event_id: hikeSameDay.id, new_start: "2026-09-10T13:00:00+01:00", risk: "low" }),
    ]);
    expect(rebook.checks.after?.event_id).toBe(hikeSameDay.id); // reached from Craignure, not Oban
    expect(rebook.reason).toContain("Dùn da Ghaoithe hike moves with it to Thu 10 Sep 13:00");
    const hikeNextDay = event("activity", "Dùn da Ghaoithe hike", P.mullHike, "2026-09-11T10:00", "2026-09-11T14:00");
    const res = judged({ ...base, others: [stayOban, stayMull, hikeNextDay] });
    expect(res.status).toBe("options");
    expect(startOf(res.options[0])).toBe("2026-09-10T12:00:00+01:00");
    for (const o of res.options) {
      expect(o.needs_rebooking).toBe(true);
      expect(localTime(o) >= "06:00" && localTime(o) <= "22:00").toBe(true);
      expect(startOf(o) < "2026-09-11").toBe(true); // never jumps the check-in on Mull into another day
    }
  });
});
