import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { planEvent } from "./plan-event";
import { violations } from "./testing/invariants";
import { at, between, event, forecastAt, GALE, PLACES as P, RAIN, STORM } from "./testing/trip-kit";
import type { PlanInput, PlanOption } from "./types";

/**
 * A judged set: realistic trips of different shapes and hazards, each with what a careful
 * planner would do. Every option of every trip must also pass the invariants (testing/invariants.ts).
 */
function judged(input: PlanInput) {
  const res = planEvent(input);
  expect(violations(input, res)).toEqual([]);
  return res;
}
const startOf = (o: PlanOption) => {
  const c = o.changes[0];
  return c.type === "move_event" ? c.startDateTime : "";
};
const now = (zone: string, local: string) => new Date(at(zone, local));

describe("judged trips: what a careful planner would do", () => {
  it("Denver then Chicago: the Red Rocks hike stays in Colorado, never after the flight to Chicago", () => {
    const D = "America/Denver";
    const stayD = event("accommodation", "Hotel Denver", P.denverHotel, "2026-06-10T15:00", "2026-06-12T10:00");
    const hike = event("activity", "Red Rocks hike", P.redRocks, "2026-06-11T09:00", "2026-06-11T13:00");
    const flight = event("flight", "DEN-ORD", P.den, "2026-06-12T13:00", "2026-06-12T16:30", { to: P.ord });
    const stayC = event("accommodation", "Hotel Chicago", P.chicagoHotel, "2026-06-12T18:00", "2026-06-14T11:00");
    const input: PlanInput = {
      event: hike,
      others: [stayD, flight, stayC],
      forecast: forecastAt(
        P.redRocks,
        "2026-06-09T00:00",
        6,
        between(D, "2026-06-11T08:00", "2026-06-11T15:00", STORM),
      ),
      now: now(D, "2026-06-09T08:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    for (const o of res.options) expect(at(D, startOf(o))).toBeLessThan(flight.startMs);
    // The afternoon of the same day after the storm is the careful choice: half an hour after the last
    // thunder (NWS 30-minute rule), not at 15:00 when the storm is forecast to end.
    expect(res.options.map(startOf)).toContain("2026-06-11T15:30:00-06:00");
    expect(res.options.some((o) => startOf(o).startsWith("2026-06-11T15:00"))).toBe(false);
  });

  it("an undated Lisbon trip landing 11:45: the Sintra hike is never moved before the traveller arrives (plus the airport and the drive)", () => {
    const L = "Europe/Lisbon";
    const flight = event("flight", "LHR-LIS", P.lhr, "2026-06-03T08:30", "2026-06-03T11:45", { to: P.lis });
    const stay = event("accommodation", "Hotel Lisboa", P.lisbonHotel, "2026-06-03T15:00", "2026-06-06T11:00");
    const hike = event("activity", "Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T14:00");
    const input: PlanInput = {
      event: hike,
      others: [flight, stay],
      forecast: forecastAt(P.sintra, "2026-06-02T00:00", 5, between(L, "2026-06-04T06:00", "2026-06-04T22:00", RAIN)),
      now: now(L, "2026-06-01T09:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    const earliest = flight.endMs! + 60 * 60_000; // landing + an hour to leave the airport
    for (const o of res.options)
      expect(at(L, startOf(o))).toBeGreaterThanOrEqual(earliest + o.checks.before!.travel_minutes * 60_000);
    for (const o of res.options) expect(o.checks.before?.estimate).toMatch(/^car 70 km\/h/);
    expect(res.options.some((o) => startOf(o) < "2026-06-03")).toBe(false);
  });

  it("a 15:00-18:00 hike with sunset 17:17 is never proposed: the whole window lies before sunset", () => {
    const L = "Europe/Lisbon";
    const hike = event("activity", "Arrábida hike", P.arrabida, "2026-11-25T10:00", "2026-11-25T13:00");
    const input: PlanInput = {
      event: hike,
      others: [],
      forecast: forecastAt(P.arrabida, "2026-11-24T00:00", 3, between(L, "2026-11-24T00:00", "2026-11-25T15:00", RAIN)),
      now: now(L, "2026-11-23T09:00"),
      tripDates: { start: "2026-11-24", end: "2026-11-25", zone: L },
    };
    const res = judged(input);
    // The only dry hours of the trip are 15:00-17:17: three hours do not fit before sunset. No option.
    expect(res.status).toBe("no_option");
    const later = judged({ ...input, tripDates: { start: "2026-11-24", end: "2026-11-26", zone: L } });
    expect(later.options.length).toBeGreaterThan(0);
    for (const o of later.options)
      expect(o.checks.daylight.sunset! >= DateTime.fromISO(startOf(o)).plus({ hours: 3 }).toISO()!.slice(0, 19)).toBe(
        true,
      );
  });

  it("a Porto walk never ends when the Lisbon train leaves: 30 minutes at the station and the way there", () => {
    const L = "Europe/Lisbon";
    const stay = event("accommodation", "Hotel Porto", P.portoHotel, "2026-05-10T15:00", "2026-05-12T10:00");
    const hike = event("activity", "Douro coast hike", P.douroTrail, "2026-05-12T10:00", "2026-05-12T13:00");
    const train = event("train", "Alfa Pendular to Lisbon", P.portoCampanha, "2026-05-12T16:00", "2026-05-12T18:50", {
      to: P.lisbonSantaApolonia,
    });
    const input: PlanInput = {
      event: hike,
      others: [stay, train],
      forecast: forecastAt(
        P.douroTrail,
        "2026-05-10T00:00",
        4,
        between(L, "2026-05-12T07:00", "2026-05-12T12:00", RAIN),
      ),
      now: now(L, "2026-05-09T09:00"),
    };
    const res = judged(input);
    for (const o of res.options) {
      if (o.checks.after?.event_id !== train.id) continue;
      expect(o.checks.after.buffer_minutes).toBe(30);
      expect(o.checks.after.slack_minutes).toBeGreaterThanOrEqual(0);
      expect(at(L, startOf(o)) + 3 * 3_600_000 + (30 + o.checks.after.travel_minutes) * 60_000).toBeLessThanOrEqual(
        train.startMs,
      );
    }
    // And never in Lisbon-side days before the train? The trip ends with the train: nothing after it.
    for (const o of res.options) expect(at(L, startOf(o))).toBeLessThan(train.startMs);
  });

  it("a trip override of the flight buffer is honoured, and a hike 22 km from the airport ends 2 h plus the drive before departure by default", () => {
    const L = "Europe/Lisbon";
    const hike = event("activity", "Sintra hike", P.sintra, "2026-06-05T09:00", "2026-06-05T12:00");
    const flight = event("flight", "LIS-LHR", P.lis, "2026-06-05T17:00", "2026-06-05T19:45", { to: P.lhr });
    const input: PlanInput = {
      event: hike,
      others: [flight],
      forecast: forecastAt(P.sintra, "2026-06-03T00:00", 4, between(L, "2026-06-04T00:00", "2026-06-05T11:00", RAIN)),
      now: now(L, "2026-06-02T09:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    for (const o of res.options) {
      expect(o.checks.after?.buffer_minutes).toBe(120);
      expect(o.checks.after!.travel_minutes).toBeGreaterThanOrEqual(25);
      expect(at(L, startOf(o)) + 3 * 3_600_000 + (120 + o.checks.after!.travel_minutes) * 60_000).toBeLessThanOrEqual(
        flight.startMs,
      );
    }
    const relaxed = judged({ ...input, buffers: { flightMinutes: 60 } });
    expect(relaxed.options.every((o) => o.checks.after?.buffer_minutes === 60)).toBe(true);
  });

  it("a swap never moves the museum into the thunderstorm at warning, and says what the museum's weather will be", () => {
    const L = "Europe/Lisbon";
    const hike = event("activity", "Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T13:00");
    const museum = event("activity", "Gulbenkian museum", P.gulbenkian, "2026-06-04T15:00", "2026-06-04T17:00");
    const stay = event("accommodation", "Hotel Lisboa", P.lisbonHotel, "2026-06-02T15:00", "2026-06-07T11:00");
    const input: PlanInput = {
      event: hike,
      others: [stay, museum],
      forecast: forecastAt(P.sintra, "2026-06-02T00:00", 5, between(L, "2026-06-04T09:00", "2026-06-04T14:00", STORM)),
      now: now(L, "2026-06-01T09:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    expect(res.options.some((o) => o.kind === "swap")).toBe(false);
    // In plain rain (watch for a museum) the swap is offered, with the museum's weather said.
    const rainy = judged({
      ...input,
      forecast: forecastAt(P.sintra, "2026-06-02T00:00", 5, between(L, "2026-06-04T09:00", "2026-06-04T14:00", RAIN)),
    });
    const swap = rainy.options.find((o) => o.kind === "swap");
    expect(swap?.checks.partner).toMatchObject({ event_id: museum.id, risk: "watch" });
    expect(swap?.reason).toMatch(/Gulbenkian museum then: rain 9 mm\/h/);
  });

  it("a ferry in 4 m waves and a gale gets rebooking options (nearest calm sailing, same or next day), marked needs_rebooking", () => {
    const G = "Europe/London";
    const stay = event("accommodation", "Oban B&B", P.obanHotel, "2026-09-08T15:00", "2026-09-12T10:00");
    const ferry = event("ferry", "Oban-Craignure ferry", P.oban, "2026-09-10T09:55", "2026-09-10T10:45", {
      to: P.craignure,
    });
    const input: PlanInput = {
      event: ferry,
      others: [stay],
      forecast: forecastAt(P.oban, "2026-09-09T00:00", 3, between(G, "2026-09-10T00:00", "2026-09-10T16:00", GALE)),
      now: now(G, "2026-09-08T18:00"),
    };
    const res = judged(input);
    expect(res.current.level).toBe("warning");
    expect(res.status).toBe("options");
    for (const o of res.options) {
      expect(o.needs_rebooking).toBe(true);
      expect(o.kind).toBe("rebook");
      expect(startOf(o) >= "2026-09-10" && startOf(o) < "2026-09-12").toBe(true);
      expect(o.reason).toMatch(/rebook/);
    }
    expect(startOf(res.options[0])).toBe("2026-09-10T16:00:00+01:00");
  });

  it("a sea kayak tour in 1.8 m waves is small craft (not a large ferry): at risk, moved to calm water", () => {
    const G = "Europe/London";
    const kayak = event("activity", "Sea kayak tour around Kerrera", P.kerrera, "2026-09-10T10:00", "2026-09-10T13:00");
    const input: PlanInput = {
      event: kayak,
      others: [],
      forecast: forecastAt(
        P.kerrera,
        "2026-09-09T00:00",
        3,
        between(G, "2026-09-10T00:00", "2026-09-10T23:00", {
          waveHeightM: 1.8,
          wavePeriodS: 7,
          windSpeedMs: 9,
          windGustMs: 13,
        }),
      ),
      now: now(G, "2026-09-08T18:00"),
      threshold: "watch",
    };
    const res = judged(input);
    expect(res.current.level).not.toBe("low");
    expect(res.status).toBe("options");
    expect(res.options.every((o) => !startOf(o).startsWith("2026-09-10"))).toBe(true);
  });

  it("multi-city by train (Vienna, then Salzburg): the Untersberg hike is never moved to a Vienna day", () => {
    const V = "Europe/Vienna";
    const stayV = event("accommodation", "Hotel Wien", P.viennaHotel, "2026-07-01T15:00", "2026-07-03T10:00");
    const train = event("train", "Railjet to Salzburg", P.viennaHbf, "2026-07-03T11:00", "2026-07-03T13:30", {
      to: P.salzburgHbf,
    });
    const stayS = event("accommodation", "Hotel Salzburg", P.salzburgHotel, "2026-07-03T15:00", "2026-07-06T10:00");
    const hike = event("activity", "Untersberg hike", P.untersberg, "2026-07-04T09:00", "2026-07-04T14:00");
    const input: PlanInput = {
      event: hike,
      others: [stayV, train, stayS],
      forecast: forecastAt(
        P.untersberg,
        "2026-07-01T00:00",
        6,
        between(V, "2026-07-04T00:00", "2026-07-05T00:00", RAIN),
      ),
      now: now(V, "2026-06-30T09:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    for (const o of res.options) expect(at(V, startOf(o))).toBeGreaterThan(train.endMs!);
  });

  it("a time-zone-crossing flight (Zürich to New York): the Central Park walk starts after landing in New York time, not Zürich's", () => {
    const N = "America/New_York";
    const flight = event("flight", "ZRH-JFK", P.zrh, "2026-10-05T13:00", "2026-10-05T16:05", { to: P.jfk });
    const walk = event("activity", "Central Park walk", P.centralPark, "2026-10-06T10:00", "2026-10-06T12:00");
    const stay = event("accommodation", "Hotel NYC", P.nycHotel, "2026-10-05T18:00", "2026-10-09T11:00");
    const input: PlanInput = {
      event: walk,
      others: [flight, stay],
      forecast: forecastAt(
        P.centralPark,
        "2026-10-04T00:00",
        4,
        between(N, "2026-10-06T00:00", "2026-10-07T00:00", RAIN),
      ),
      now: now(N, "2026-10-01T09:00"),
    };
    const res = judged(input);
    expect(res.status).toBe("options");
    for (const o of res.options) expect(at(N, startOf(o))).toBeGreaterThanOrEqual(flight.endMs! + 60 * 60_000);
    expect(res.options.some((o) => startOf(o).startsWith("2026-10-05"))).toBe(false); // 16:05 + 1 h + drive leaves no 2 h before dusk? it may; never before landing
  });

  it("Tromsø in December (polar night): a rained-out hike gets no option rather than one in the dark", () => {
    const O = "Europe/Oslo";
    const stay = event("accommodation", "Hotel Tromsø", P.tromsoHotel, "2026-12-08T15:00", "2026-12-12T10:00");
    const hike = event("activity", "Fløya hike", P.tromsoTrail, "2026-12-10T11:00", "2026-12-10T13:00");
    const input: PlanInput = {
      event: hike,
      others: [stay],
      forecast: forecastAt(
        P.tromsoTrail,
        "2026-12-08T00:00",
        5,
        between(O, "2026-12-10T00:00", "2026-12-11T00:00", RAIN),
      ),
      now: now(O, "2026-12-07T09:00"),
    };
    expect(judged(input).status).toBe("no_option");
  });

  it("the calm control trip: nothing changes; an indoor event in rain and a flight at risk get no option", () => {
    const L = "Europe/Lisbon";
    const hike = event("activity", "Sintra hike", P.sintra, "2026-06-04T10:00", "2026-06-04T13:00");
    const museum = event("activity", "Gulbenkian museum", P.gulbenkian, "2026-06-04T15:00", "2026-06-04T17:00");
    const flight = event("flight", "LIS-LHR", P.lis, "2026-06-06T17:00", "2026-06-06T19:45", { to: P.lhr });
    const calm = forecastAt(P.sintra, "2026-06-02T00:00", 6);
    const base = { others: [museum, flight], forecast: calm, now: now(L, "2026-06-01T09:00") };
    expect(judged({ ...base, event: hike }).status).toBe("not_at_risk");
    const wet = forecastAt(P.sintra, "2026-06-02T00:00", 6, between(L, "2026-06-04T00:00", "2026-06-07T00:00", RAIN));
    expect(judged({ ...base, forecast: wet, event: museum, others: [hike, flight] }).status).toBe("not_at_risk");
    const stormy = forecastAt(P.lis, "2026-06-02T00:00", 6, between(L, "2026-06-06T00:00", "2026-06-07T00:00", STORM));
    const f = judged({ ...base, forecast: stormy, event: flight, others: [hike, museum] });
    expect(f.status).toBe("fixed_at_risk");
    expect(f.options).toEqual([]);
  });
});
