import { describe, expect, it } from "vitest";
import { ProposalOptionForecast } from "@/lib/trips/proposals/proposal-schemas";
import * as SunCalc from "suncalc";
import { DEFAULT_BUFFERS, FLIGHT_ARRIVAL_MINUTES } from "./reach";
import { planEvent } from "./plan-event";
import { ev, rainBetween, syntheticForecast } from "./testing/synthetic-forecast";
import type { PlanInput, PlanOption } from "./types";

// Lisbon in May is UTC+1. The forecast covers 1-4 May 2026; "now" is 1 May 07:00 local.
const NOW = new Date("2026-05-01T06:00:00Z");
const forecast = (weather?: Parameters<typeof syntheticForecast>[2]) =>
  syntheticForecast("2026-05-01T00:00:00Z", 96, weather);
const L = (local: string) => `${local}+01:00`;
const ms = (local: string) => Date.parse(L(local));

function plan(over: Partial<PlanInput> & Pick<PlanInput, "event" | "forecast">): ReturnType<typeof planEvent> {
  return planEvent({ others: [], now: NOW, maxOptions: 10, ...over });
}

/** The proposed window of an option for its subject event. */
const moved = (o: PlanOption, id: number) => {
  const c = o.changes.find((x) => x.event_id === id)!;
  if (c.type !== "move_event") throw new Error("not a move");
  return { startMs: Date.parse(c.startDateTime), endMs: c.endDateTime ? Date.parse(c.endDateTime) : null };
};

describe("the weather planner (pure)", () => {
  it("moves a hike out of heavy rain to the nearest dry daylight window, with a one-line reason and the forecast behind it", () => {
    const hike = ev("activity", "Sintra hike", L("2026-05-02T12:00:00"), L("2026-05-02T14:00:00"));
    const res = plan({
      event: hike,
      forecast: forecast(rainBetween(L("2026-05-02T11:00:00"), L("2026-05-02T14:00:00"), 8)),
    });
    expect(res.status).toBe("options");
    expect(res.current.level).toBe("warning");
    const [best] = res.options;
    expect(best.changes).toEqual([
      {
        type: "move_event",
        event_id: hike.id,
        startDateTime: "2026-05-02T14:00:00+01:00",
        endDateTime: "2026-05-02T16:00:00+01:00",
      },
    ]);
    expect(best.reason).toBe("rain 8 mm/h 11:00-14:00; dry after 14:00; sunset 20:30");
    expect(best.risk).toBe("low");
    expect(best.label).toBe("Move to Sat 2 May 14:00-16:00");
    expect(ProposalOptionForecast.safeParse(best.forecast).success).toBe(true);
    expect(best.forecast.windows.map((w) => [w.role, w.risk_level, w.start])).toEqual([
      ["current", "warning", "2026-05-02T12:00:00+01:00"],
      ["proposed", "low", "2026-05-02T14:00:00+01:00"],
    ]);
    expect(best.forecast.hours.map((h) => h.precipitation_mm)).toEqual([8, 8, 0, 0]);
    // Ranked: scores descend, and move windows never overlap each other (distinct choices).
    const scores = res.options.map((o) => o.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const wins = res.options.filter((o) => o.kind === "move").map((o) => moved(o, hike.id));
    for (const [i, a] of wins.entries())
      for (const b of wins.slice(i + 1)) expect(a.startMs >= b.endMs! || b.startMs >= a.endMs!).toBe(true);
  });

  it("says dry until when the better window is earlier the same day", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"));
    const res = plan({
      event: hike,
      forecast: forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T18:00:00"), 8)),
    });
    expect(res.options[0].reason).toBe("rain 8 mm/h 10:00-18:00; dry until 10:00; sunset 20:30");
    expect(moved(res.options[0], hike.id)).toEqual({
      startMs: ms("2026-05-02T07:00:00"),
      endMs: ms("2026-05-02T10:00:00"),
    });
  });

  it("outdoor options are in daylight only: a rainy day pushes a long walk to an adjacent day, never into the night", () => {
    const walk = ev("activity", "Walking tour", L("2026-05-02T10:00:00"), L("2026-05-02T14:00:00"));
    const res = plan({
      event: walk,
      forecast: forecast(rainBetween(L("2026-05-02T06:00:00"), L("2026-05-02T21:00:00"), 9)),
    });
    expect(res.options.length).toBeGreaterThan(0);
    for (const o of res.options) {
      const w = moved(o, walk.id);
      // A walking tour may use civil twilight (opt-in per activity): dawn to dusk at the place, from the sun.
      const sun = SunCalc.getTimes(new Date(w.startMs), 38.8, -9.38);
      expect(w.startMs).toBeGreaterThanOrEqual(sun.dawn!.getTime());
      expect(w.endMs!).toBeLessThanOrEqual(sun.dusk!.getTime());
      expect(o.changes[0].type === "move_event" && o.changes[0].startDateTime.slice(0, 10)).not.toBe("2026-05-02");
    }
    expect(res.options[0].reason).toMatch(
      /^rain 9 mm\/h 06:00-21:00; dry (Fri 1 May|Sun 3 May) \d\d:\d\d-\d\d:\d\d; dusk \d\d:\d\d$/,
    );
  });

  it("an indoor activity may go into the evening: daylight binds outdoor activities only — and indoor events are not moved at all", () => {
    const museum = ev("activity", "Museum visit", L("2026-05-02T12:00:00"), L("2026-05-02T14:00:00"));
    const res = plan({
      event: museum,
      forecast: forecast(rainBetween(L("2026-05-02T11:00:00"), L("2026-05-02T14:00:00"), 30)),
    });
    expect(res.status).toBe("not_at_risk");
    expect(res.options).toEqual([]);
  });

  it("never overlaps other timed events", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"));
    const tour = ev("activity", "Walking tour", L("2026-05-02T07:00:00"), L("2026-05-02T09:30:00"));
    const lunch = ev("activity", "Picnic in the park", L("2026-05-02T18:00:00"), L("2026-05-02T19:00:00"));
    const res = plan({
      event: hike,
      others: [tour, lunch],
      forecast: forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"), 8)),
    });
    expect(res.options.length).toBeGreaterThan(0);
    for (const o of res.options) {
      const w = moved(o, hike.id);
      for (const other of [tour, lunch]) expect(w.startMs < other.endMs! && other.startMs < w.endMs!).toBe(false);
    }
    expect(moved(res.options[0], hike.id).startMs).toBe(ms("2026-05-02T13:00:00"));
  });

  it("a stay is background, not a conflict; its check-in and check-out and flights (with airport time) are fixed points", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T12:00:00"));
    const stay = ev("accommodation", "Hotel", L("2026-05-01T15:00:00"), L("2026-05-03T11:00:00"));
    const flight = ev("flight", "Flight home", L("2026-05-03T14:00:00"), L("2026-05-03T17:00:00"));
    const res = plan({
      event: hike,
      others: [stay, flight],
      forecast: forecast(rainBetween(L("2026-05-02T07:00:00"), L("2026-05-02T20:00:00"), 8)),
    });
    expect(res.options.length).toBeGreaterThan(0);
    const blocked = [
      { startMs: ms("2026-05-01T15:00:00"), endMs: ms("2026-05-01T15:30:00") },
      { startMs: ms("2026-05-03T10:30:00"), endMs: ms("2026-05-03T11:00:00") },
      {
        startMs: flight.startMs - DEFAULT_BUFFERS.flightMinutes * 60_000,
        endMs: flight.endMs! + FLIGHT_ARRIVAL_MINUTES * 60_000,
      },
    ];
    for (const o of res.options) {
      const w = moved(o, hike.id);
      for (const b of blocked) expect(w.startMs < b.endMs && b.startMs < w.endMs!, o.label).toBe(false);
    }
    // Options inside the stay: the stay itself never blocks.
    expect(
      res.options.some((o) => moved(o, hike.id).startMs > stay.startMs && moved(o, hike.id).endMs! < stay.endMs!),
    ).toBe(true);
    // The flight and the stay are never moved themselves.
    expect(res.options.flatMap((o) => o.changes.map((c) => c.event_id))).not.toContain(flight.id);
    expect(plan({ event: flight, forecast: forecast(() => ({ weatherCode: 95, precipitationMm: 20 })) }).status).toBe(
      "fixed_at_risk",
    );
  });

  it("swaps with an indoor event of the same day: the hike takes the museum's slot and the museum the hike's", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"));
    const museum = ev("activity", "Gulbenkian museum", L("2026-05-02T15:00:00"), L("2026-05-02T17:00:00"));
    const res = plan({
      event: hike,
      others: [museum],
      forecast: forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"), 8)),
    });
    const swap = res.options.find((o) => o.kind === "swap")!;
    expect(swap.id).toBe(`swap-${museum.id}`);
    expect(swap.changes).toEqual([
      {
        type: "move_event",
        event_id: hike.id,
        startDateTime: "2026-05-02T15:00:00+01:00",
        endDateTime: "2026-05-02T18:00:00+01:00",
      },
      {
        type: "move_event",
        event_id: museum.id,
        startDateTime: "2026-05-02T10:00:00+01:00",
        endDateTime: "2026-05-02T12:00:00+01:00",
      },
    ]);
    expect(swap.reason).toBe(
      "rain 8 mm/h 10:00-13:00; swap with Gulbenkian museum (indoor): dry 15:00-18:00; Gulbenkian museum then: rain 8 mm/h 10:00-13:00; sunset 20:30",
    );
    expect(swap.label).toBe("Swap with Gulbenkian museum");
    // An outdoor event of the day is not a swap partner.
    const tour = ev("activity", "Walking tour", L("2026-05-02T15:00:00"), L("2026-05-02T17:00:00"));
    const res2 = plan({
      event: hike,
      others: [tour],
      forecast: forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"), 8)),
    });
    expect(res2.options.some((o) => o.kind === "swap")).toBe(false);
  });

  it("no option when every daylight window of the three days is wet", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"));
    const res = plan({
      event: hike,
      forecast: forecast(() => ({ precipitationMm: 9, precipitationProbabilityPct: 100, weatherCode: 65 })),
    });
    expect(res).toMatchObject({ status: "no_option", options: [], current: { level: "warning" } });
  });

  it("acts from the threshold: below it nothing; at watch with threshold watch it looks for low-risk windows only", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"));
    expect(plan({ event: hike, forecast: forecast() }).status).toBe("not_at_risk");
    const moderate = forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T13:00:00"), 3));
    expect(plan({ event: hike, forecast: moderate }).status).toBe("not_at_risk");
    const res = plan({ event: hike, forecast: moderate, threshold: "watch" });
    expect(res.current.level).toBe("watch");
    expect(res.options.length).toBeGreaterThan(0);
    for (const o of res.options) expect(o.risk).toBe("low");
  });

  it("outside the forecast: no_forecast; options never start before now + 1 h, outside the trip's dates or beyond the forecast", () => {
    const far = ev("activity", "Hike", L("2026-05-20T10:00:00"), L("2026-05-20T13:00:00"));
    expect(plan({ event: far, forecast: forecast() }).status).toBe("no_forecast");

    const early = ev("activity", "Hike", L("2026-05-01T10:00:00"), L("2026-05-01T12:00:00"));
    const res = plan({
      event: early,
      now: new Date(ms("2026-05-01T08:10:00")),
      tripDates: { start: "2026-05-01", end: "2026-05-01", zone: "Europe/Lisbon" },
      forecast: forecast(rainBetween(L("2026-05-01T10:00:00"), L("2026-05-01T12:00:00"), 8)),
    });
    expect(res.options.length).toBeGreaterThan(0);
    for (const o of res.options) {
      const w = moved(o, early.id);
      expect(w.startMs).toBeGreaterThanOrEqual(ms("2026-05-01T09:10:00"));
      expect(o.changes[0].type === "move_event" && o.changes[0].startDateTime.slice(0, 10)).toBe("2026-05-01");
    }
    // The last forecast day: a window past the forecast's last hour is never proposed.
    const last = ev("activity", "Hike", L("2026-05-04T10:00:00"), L("2026-05-04T13:00:00"));
    const short = syntheticForecast(
      "2026-05-01T00:00:00Z",
      86,
      rainBetween(L("2026-05-04T09:00:00"), L("2026-05-04T14:00:00"), 8),
    );
    for (const o of plan({ event: last, forecast: short }).options)
      expect(moved(o, last.id).endMs!).toBeLessThanOrEqual(Date.parse("2026-05-04T14:00:00Z"));
  });

  it("an event without an end is judged as one hour and stays without an end", () => {
    const tram = ev("activity", "Sunrise tram ride", L("2026-05-02T10:00:00"), null);
    const res = plan({
      event: tram,
      forecast: forecast(rainBetween(L("2026-05-02T10:00:00"), L("2026-05-02T11:00:00"), 8)),
    });
    expect(res.options[0].changes[0]).toMatchObject({ event_id: tram.id, endDateTime: null });
  });

  it("thunderstorms and gusts are named in the reason", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T12:00:00"), L("2026-05-02T14:00:00"));
    const storm = plan({
      event: hike,
      forecast: forecast((t) =>
        t >= ms("2026-05-02T12:00:00") && t < ms("2026-05-02T15:00:00")
          ? { weatherCode: 95, precipitationMm: 4, precipitationProbabilityPct: 90 }
          : {},
      ),
    });
    expect(storm.options[0].reason).toMatch(/^thunderstorms 12:00-15:00; dry /);
    const windy = plan({
      event: hike,
      forecast: forecast((t) =>
        t >= ms("2026-05-02T12:00:00") && t < ms("2026-05-02T14:00:00") ? { windGustMs: 30, windSpeedMs: 20 } : {},
      ),
    });
    expect(windy.current.level).toBe("warning");
    expect(windy.options[0].reason).toMatch(/^gusts 108 km\/h 12:00-14:00; calm /);
  });

  it("the same input gives the same options (ids are stable: the raiser compares them)", () => {
    const hike = ev("activity", "Hike", L("2026-05-02T12:00:00"), L("2026-05-02T14:00:00"));
    const f = forecast(rainBetween(L("2026-05-02T11:00:00"), L("2026-05-02T14:00:00"), 8));
    expect(plan({ event: hike, forecast: f })).toEqual(plan({ event: hike, forecast: f }));
    expect(plan({ event: hike, forecast: f, maxOptions: 3 }).options).toHaveLength(3);
  });
});
