import { describe, expect, it } from "vitest";
import { conditionFor, resolveLanguage, SUPPORTED_LANGUAGES } from "../i18n/conditions";
import { localToUtcIso, timezoneAt, toLocalIso } from "./zones";

describe("time zones (DST-correct, via tz-lookup + luxon)", () => {
  it("finds the zone of a coordinate", () => {
    expect(timezoneAt(48.8566, 2.3522)).toBe("Europe/Paris");
    expect(timezoneAt(-33.87, 151.21)).toBe("Australia/Sydney");
    expect(timezoneAt(40.7, -74)).toBe("America/New_York");
  });

  it("formats instants with the offset in force, across the spring-forward hour", () => {
    expect(toLocalIso("2026-03-29T00:30:00Z", "Europe/Paris")).toBe("2026-03-29T01:30:00+01:00");
    expect(toLocalIso("2026-03-29T01:30:00Z", "Europe/Paris")).toBe("2026-03-29T03:30:00+02:00");
    expect(toLocalIso("2026-07-01T12:00:00Z", "Asia/Kolkata")).toBe("2026-07-01T17:30:00+05:30");
    expect(toLocalIso("2026-07-01T12:00:00Z", "UTC")).toBe("2026-07-01T12:00:00+00:00");
  });

  it("reads local wall times in their zone (fall-back day included)", () => {
    expect(localToUtcIso("2026-10-25T12:00", "Europe/Paris")).toBe("2026-10-25T11:00:00Z");
    expect(localToUtcIso("2026-10-24T12:00", "Europe/Paris")).toBe("2026-10-24T10:00:00Z");
    // Unknown zone names fall back to the fixed offset the provider sent.
    expect(localToUtcIso("2026-10-24T12:00", "Nowhere/Land", 7200)).toBe("2026-10-24T10:00:00Z");
  });
});

describe("condition labels", () => {
  it("every WMO code has a label per supported language; others fall back to English", () => {
    for (const code of [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]) {
      const en = conditionFor(code, "en");
      expect(en.code).not.toBe("unknown");
      for (const lang of SUPPORTED_LANGUAGES) expect(conditionFor(code, lang).label.length).toBeGreaterThan(2);
    }
    expect(conditionFor(65, "de").label).toBe("Starker Regen");
    expect(conditionFor(0, "en", false).icon).toBe("clear-night");
    expect(conditionFor(null, "fr")).toEqual({ code: "unknown", label: "Inconnu", icon: "unknown" });
    expect([resolveLanguage("de-AT"), resolveLanguage("FR"), resolveLanguage("pt-BR"), resolveLanguage(undefined)]).toEqual(["de", "fr", "en", "en"]);
  });
});
