import { describe, expect, it } from "vitest";
import { injectionDefaults, type WatchWindow } from "./simulation-defaults";

const now = new Date(2027, 4, 4, 10, 25); // local time, as the browser has it
const watch = (over: Partial<WatchWindow>): WatchWindow => ({
  status: "active",
  latitude: 38.7,
  longitude: -9.14,
  starts_at: new Date(2027, 4, 5, 9).toISOString(),
  ends_at: new Date(2027, 4, 5, 13).toISOString(),
  ...over,
});

describe("sandbox injection defaults", () => {
  it("with no watch: tomorrow 09:00-18:00 local, no place", () => {
    const d = injectionDefaults([], now);
    expect(d).toMatchObject({ lat: "", lng: "", placeName: "", followsWatch: false });
    expect([d.start.getDate(), d.start.getHours(), d.end.getHours()]).toEqual([5, 9, 18]);
  });

  it("follows the watch whose window comes first, at its place and for its whole window", () => {
    const later = watch({
      latitude: 48.85,
      longitude: 2.35,
      starts_at: new Date(2027, 4, 6, 9).toISOString(),
      ends_at: new Date(2027, 4, 6, 12).toISOString(),
    });
    const d = injectionDefaults([later, watch({ target_ref: { place_id: "p1", name: "Lisbon, Alfama" } })], now);
    expect(d).toMatchObject({ lat: "38.7", lng: "-9.14", placeName: "Lisbon, Alfama", followsWatch: true });
    expect(d.start.toISOString()).toBe(new Date(2027, 4, 5, 9).toISOString());
    expect(d.end.toISOString()).toBe(new Date(2027, 4, 5, 13).toISOString());
  });

  it("a window already under way starts at this hour; paused, ended and placeless watches are passed over", () => {
    const running = watch({
      starts_at: new Date(2027, 4, 4, 8).toISOString(),
      ends_at: new Date(2027, 4, 4, 20).toISOString(),
    });
    const skipped = [
      watch({ status: "paused", starts_at: new Date(2027, 4, 4, 6).toISOString() }),
      watch({ ends_at: new Date(2027, 4, 4, 11).toISOString(), starts_at: new Date(2027, 4, 4, 6).toISOString() }), // less than an hour left
      watch({ latitude: null, longitude: null, starts_at: new Date(2027, 4, 4, 6).toISOString() }),
    ];
    const d = injectionDefaults([...skipped, running], now);
    expect(d.start.getHours()).toBe(10);
    expect(d.start.getMinutes()).toBe(0);
    expect(d.end.toISOString()).toBe(running.ends_at);
  });
});
