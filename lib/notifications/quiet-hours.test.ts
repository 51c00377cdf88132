import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, inQuietHours, nextLocalMinute, planDelivery, type DeliverySettings } from "./quiet-hours";

const lisbonNights: DeliverySettings = {
  mode: "immediate",
  quietStart: 22 * 60,
  quietEnd: 7 * 60,
  timeZone: "Europe/Lisbon",
};
const at = (iso: string) => new Date(iso);

describe("quiet hours in the member's zone", () => {
  it("a window across midnight is read on the member's wall clock, not UTC", () => {
    // Lisbon is UTC+1 in July: 21:30 UTC is 22:30 there (quiet), 20:30 UTC is 21:30 (not).
    expect(inQuietHours(lisbonNights, at("2026-07-01T21:30:00Z"))).toBe(true);
    expect(inQuietHours(lisbonNights, at("2026-07-01T20:30:00Z"))).toBe(false);
    expect(inQuietHours(lisbonNights, at("2026-07-02T05:59:00Z"))).toBe(true); // 06:59 local
    expect(inQuietHours(lisbonNights, at("2026-07-02T06:00:00Z"))).toBe(false); // 07:00 local: over
    const ny = { ...lisbonNights, timeZone: "America/New_York" };
    expect(inQuietHours(ny, at("2026-07-02T03:30:00Z"))).toBe(true); // 23:30 in New York
    expect(inQuietHours(ny, at("2026-07-01T21:30:00Z"))).toBe(false); // 17:30 in New York
  });

  it("a window inside one day, and none at all", () => {
    const lunch = { ...lisbonNights, quietStart: 12 * 60, quietEnd: 14 * 60, timeZone: "UTC" };
    expect(inQuietHours(lunch, at("2026-07-01T13:00:00Z"))).toBe(true);
    expect(inQuietHours(lunch, at("2026-07-01T14:00:00Z"))).toBe(false);
    expect(inQuietHours(DEFAULT_SETTINGS, at("2026-07-01T03:00:00Z"))).toBe(false);
  });

  it("an immediate mail inside quiet hours waits for their end, on the local clock across a DST change", () => {
    expect(planDelivery(lisbonNights, at("2026-07-01T21:30:00Z")).deliverAfter).toEqual(at("2026-07-02T06:00:00Z"));
    // Lisbon moves to summer time in the night of 29 March 2026: 07:00 local is 06:00 UTC, not 07:00.
    expect(planDelivery(lisbonNights, at("2026-03-28T23:00:00Z")).deliverAfter).toEqual(at("2026-03-29T06:00:00Z"));
    const now = at("2026-07-01T12:00:00Z");
    expect(planDelivery(lisbonNights, now)).toEqual({ delivery: "immediate", deliverAfter: now });
  });

  it("off is inbox only; a digest goes out at the next end of quiet hours, or 08:00 local without them", () => {
    expect(planDelivery({ ...lisbonNights, mode: "off" }, at("2026-07-01T12:00:00Z"))).toEqual({
      delivery: "none",
      deliverAfter: null,
    });
    const digest = { ...lisbonNights, mode: "digest" as const };
    expect(planDelivery(digest, at("2026-07-01T12:00:00Z")).deliverAfter).toEqual(at("2026-07-02T06:00:00Z"));
    const plain = { ...DEFAULT_SETTINGS, mode: "digest" as const, timeZone: "Asia/Tokyo" };
    // 10:00 in Tokyo: past today's 08:00, so tomorrow 08:00 (23:00 UTC today).
    expect(planDelivery(plain, at("2026-07-01T01:00:00Z")).deliverAfter).toEqual(at("2026-07-01T23:00:00Z"));
  });

  it("everything recorded during one day shares one digest time (one mail a day)", () => {
    const digest = { ...lisbonNights, mode: "digest" as const };
    const times = ["2026-07-01T06:01:00Z", "2026-07-01T12:00:00Z", "2026-07-01T23:59:00Z", "2026-07-02T05:59:00Z"].map(
      (t) => planDelivery(digest, at(t)).deliverAfter!.toISOString(),
    );
    expect(new Set(times)).toEqual(new Set(["2026-07-02T06:00:00.000Z"]));
    expect(nextLocalMinute(at("2026-07-02T06:00:00Z"), "Europe/Lisbon", 7 * 60)).toEqual(at("2026-07-03T06:00:00Z"));
  });
});
