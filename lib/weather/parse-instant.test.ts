import { describe, expect, it } from "vitest";
import { parseInstant } from "./schemas";

describe("parseInstant (timeline item times)", () => {
  it("reads explicit offsets without zone rules", () => {
    expect(parseInstant("2026-07-01T09:00:00+02:00", "UTC")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(parseInstant("2026-07-01T09:00Z", "Europe/Paris")?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(parseInstant("2026-07-01T09:00:05.123456789-03:30", "UTC")?.toISOString()).toBe("2026-07-01T12:30:05.123Z");
  });

  it("reads a local time in the zone (DST-aware)", () => {
    expect(parseInstant("2026-07-01T09:00:00", "Europe/Paris")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(parseInstant("2026-01-15T09:00", "Europe/Paris")?.toISOString()).toBe("2026-01-15T08:00:00.000Z");
  });

  it("refuses impossible calendar dates and malformed text", () => {
    expect(parseInstant("2026-02-29T10:00:00Z", "UTC")).toBeNull(); // 2026 is not a leap year
    expect(parseInstant("2028-02-29T10:00:00Z", "UTC")?.toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(parseInstant("2100-02-29T10:00:00Z", "UTC")).toBeNull(); // centuries are not, unless divisible by 400
    expect(parseInstant("2000-02-29T10:00:00Z", "UTC")?.toISOString()).toBe("2000-02-29T10:00:00.000Z");
    expect(parseInstant("2026-04-31T10:00:00+01:00", "UTC")).toBeNull();
    expect(parseInstant("2026-13-01T10:00:00Z", "UTC")).toBeNull();
    expect(parseInstant("2026-00-10T10:00:00Z", "UTC")).toBeNull();
    expect(parseInstant("2026-05-00T10:00:00Z", "UTC")).toBeNull();
    expect(parseInstant("2026-05-10T24:00:00Z", "UTC")?.toISOString()).toBe("2026-05-11T00:00:00.000Z"); // ISO 8601 end of day
    expect(parseInstant("tomorrow", "UTC")).toBeNull();
    expect(parseInstant("2026-05-10", "UTC")).toBeNull();
  });
});
