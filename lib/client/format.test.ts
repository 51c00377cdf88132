import { describe, expect, it } from "vitest";
import { expiryFromChoice, formatRelative, isPast } from "./format";

const NOW = Date.parse("2030-06-15T12:00:00Z");

describe("expiryFromChoice", () => {
  it("maps presets to now + N days and 'never' to null", () => {
    expect(expiryFromChoice("30", "", NOW)).toBe("2030-07-15T12:00:00.000Z");
    expect(expiryFromChoice("never", "", NOW)).toBeNull();
  });

  it("takes a custom local date and rejects a malformed one", () => {
    const iso = expiryFromChoice("custom", "2031-01-31", NOW);
    expect(iso).toBe(new Date("2031-01-31T00:00:00").toISOString());
    expect(expiryFromChoice("custom", "", NOW)).toBe("invalid");
    expect(expiryFromChoice("custom", "31/01/2031", NOW)).toBe("invalid");
  });
});

describe("formatRelative / isPast", () => {
  it("describes past and future instants, and null as Never", () => {
    expect(formatRelative("2030-06-15T11:57:00Z", NOW)).toMatch(/3 minutes ago/);
    expect(formatRelative("2030-06-17T12:00:00Z", NOW)).toMatch(/in 2 days/);
    expect(formatRelative("2030-06-15T11:59:50Z", NOW)).toBe("just now");
    expect(formatRelative(null, NOW)).toBe("Never");
  });

  it("treats the exact instant as past", () => {
    expect(isPast("2030-06-15T12:00:00Z", NOW)).toBe(true);
    expect(isPast("2030-06-15T12:00:01Z", NOW)).toBe(false);
    expect(isPast(null, NOW)).toBe(false);
  });
});
