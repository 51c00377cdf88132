import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { conditionFor } from "@/lib/weather/core";
import { resolveLanguage, SUPPORTED_LANGUAGES } from "@/lib/i18n/languages";
import { localIsoAt, localToUtcIso, timezoneAt, toLocalIso } from "./zones";

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

  it("formats any instant as luxon does, milliseconds only when not zero", () => {
    const zones = ["Europe/Paris", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham", "Australia/Lord_Howe"];
    const check = (at: number, zone: string) => {
      const dt = DateTime.fromMillis(at, { zone });
      const expected =
        dt.toISO({ suppressMilliseconds: at % 1000 === 0, includeOffset: false }) +
        (dt.offset === 0 ? "+00:00" : dt.toFormat("ZZ"));
      expect(localIsoAt(at, zone)).toBe(expected);
    };
    const instant = (min: number, max: number) =>
      fc.tuple(fc.integer({ min, max }), fc.boolean()).map(([ms, whole]) => (whole ? ms - (ms % 1000) : ms));
    // The calendar arithmetic over every year ISO writes without a sign (UTC: no zone rules).
    fc.assert(
      fc.property(instant(-62_167_219_200_000, 253_402_300_799_999), (at) => check(at, "UTC")),
      { numRuns: 2_000 },
    );
    // Zone offsets since 1970 (earlier local mean times have offsets in fractions of a minute).
    fc.assert(fc.property(instant(0, 4_102_444_800_000), fc.constantFrom(...zones), check), { numRuns: 2_000 });
    expect(localIsoAt(Date.parse("2024-02-29T23:59:59.001Z"), "UTC")).toBe("2024-02-29T23:59:59.001+00:00");
    expect(localIsoAt(Date.parse("1969-12-31T23:00:00Z"), "Asia/Kolkata")).toBe("1970-01-01T04:30:00+05:30");
    expect(localIsoAt(0, "Nowhere/Land")).toBeNull();
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
    for (const code of [
      0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
    ]) {
      const en = conditionFor(code, "en");
      expect(en.code).not.toBe("unknown");
      for (const lang of SUPPORTED_LANGUAGES)
        expect(conditionFor(code, lang).label.length).toBeGreaterThan(lang === "ja" ? 0 : 2); // 霧 is one character
    }
    expect(conditionFor(65, "de").label).toBe("Starker Regen");
    expect(conditionFor(0, "en", false).icon).toBe("clear-night");
    expect(conditionFor(null, "fr")).toEqual({ code: "unknown", label: "Inconnu", icon: "unknown" });
    expect([
      resolveLanguage("de-AT"),
      resolveLanguage("FR"),
      resolveLanguage("pt-BR"),
      resolveLanguage("sv"),
      resolveLanguage(undefined),
    ]).toEqual(["de", "fr", "pt-BR", "en", "en"]);
  });
});
