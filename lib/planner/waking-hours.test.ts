import { describe, expect, it } from "vitest";
import { at } from "./testing/trip-kit";
import { wakingHours } from "./waking-hours";

const O = "Europe/Oslo";
const w = (from: string, to: string) => ({ startMs: at(O, from), endMs: at(O, to) });

describe("waking hours: options between 06:00 and 23:00 local (a sailing 06:00-22:00)", () => {
  const hike = wakingHours(w("2026-06-21T10:00", "2026-06-21T14:00"), O, false);

  it("no 01:00 hike under the midnight sun, none ending after 23:00; the day before and after too", () => {
    expect(hike(w("2026-06-21T01:00", "2026-06-21T05:00"))).toBe(false);
    expect(hike(w("2026-06-21T05:30", "2026-06-21T09:30"))).toBe(false);
    expect(hike(w("2026-06-21T06:00", "2026-06-21T10:00"))).toBe(true);
    expect(hike(w("2026-06-20T19:00", "2026-06-20T23:00"))).toBe(true);
    expect(hike(w("2026-06-22T19:30", "2026-06-22T23:30"))).toBe(false);
    expect(hike(w("2026-06-22T21:00", "2026-06-23T01:00"))).toBe(false);
  });

  it("a member's own 04:30 sunrise hike widens the band to 04:30; a sailing leaves by 22:00", () => {
    const sunrise = wakingHours(w("2026-06-21T04:30", "2026-06-21T07:00"), O, false);
    expect(sunrise(w("2026-06-22T04:30", "2026-06-22T07:00"))).toBe(true);
    expect(sunrise(w("2026-06-22T04:00", "2026-06-22T06:30"))).toBe(false);
    const ferry = wakingHours(w("2026-06-21T09:55", "2026-06-21T10:45"), O, true);
    expect(ferry(w("2026-06-21T22:00", "2026-06-21T22:50"))).toBe(true);
    expect(ferry(w("2026-06-21T22:30", "2026-06-21T23:20"))).toBe(false);
    expect(ferry(w("2026-06-21T05:00", "2026-06-21T05:50"))).toBe(false);
  });

  it("on the day the clocks go back, 06:00 is the local 06:00", () => {
    const L = "Europe/Lisbon";
    const judge = wakingHours({ startMs: at(L, "2026-10-25T10:00"), endMs: at(L, "2026-10-25T14:00") }, L, false);
    expect(judge({ startMs: at(L, "2026-10-25T06:00"), endMs: at(L, "2026-10-25T08:00") })).toBe(true);
    expect(judge({ startMs: at(L, "2026-10-25T05:30"), endMs: at(L, "2026-10-25T07:30") })).toBe(false);
  });
});
