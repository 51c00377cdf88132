import { describe, expect, it } from "vitest";
import { ACTIVITY_PROFILES, SMALL_FERRY, TRANSPORT_PROFILES } from "@/lib/weather/core/risk/profiles";
import { SEVERITY, type ReasonCode } from "@/lib/weather/core/risk/types";
import {
  ADVICE_CATALOGUES,
  formatReason,
  formatRecommendation,
  formatSpeed,
  formatTemperature,
  type ReasonValues,
} from "./advice";
import { SUPPORTED_LANGUAGES } from "@/lib/i18n/languages";

const CODES = Object.keys(SEVERITY) as ReasonCode[];
const PROFILES = [...Object.values(ACTIVITY_PROFILES), ...Object.values(TRANSPORT_PROFILES), SMALL_FERRY];
const VALUES: ReasonValues = {
  rateMmH: 12.5,
  speedMs: 20,
  tempC: -1.5,
  distanceM: 300,
  pct: 80,
  uv: 9.5,
  what: "rain",
  heavy: true,
  event: "EVT",
  source: "SRC",
};
// Words that only English advice uses ("wind" is left out: it is German too).
const ENGLISH =
  /\b(the|and|expected|likely|your|with|rain|snow|gusts|heat|cold|visibility|bring|avoid|allow|take|check|before|ice|roads?)\b/i;

describe("advice catalogues (ICU MessageFormat)", () => {
  it("every catalogue has exactly the English keys, and every reason code has a message and all three kinds", () => {
    const keys = Object.keys(ADVICE_CATALOGUES.en).sort();
    for (const lang of SUPPORTED_LANGUAGES) expect(Object.keys(ADVICE_CATALOGUES[lang]).sort(), lang).toEqual(keys);
    for (const code of CODES) {
      for (const k of [`reason.${code}`, `rec.${code}.activity`, `rec.${code}.indoor`, `rec.${code}.transport`])
        expect(keys, k).toContain(k);
    }
  });

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== "en"))(
    "%s: no English left in any reason message or recommendation",
    (lang) => {
      for (const code of CODES) {
        for (const what of ["rain", "snow"] as const) {
          const msg = formatReason(code, { ...VALUES, what }, { language: lang, units: "metric" }).replace(
            /EVT|SRC/g,
            "",
          );
          expect(msg, `${code}`).not.toMatch(ENGLISH);
          if (code !== "uv_high")
            expect(msg).not.toBe(formatReason(code, { ...VALUES, what }, { language: "en", units: "metric" }));
        }
        for (const p of PROFILES) {
          const rec = formatRecommendation(code, p, { language: lang, units: "metric" });
          expect(rec, `${code}/${p.name}`).not.toMatch(ENGLISH);
          expect(rec).not.toBe(formatRecommendation(code, p, { language: "en", units: "metric" }));
        }
      }
    },
  );

  it("values follow the locale and units", () => {
    expect(formatSpeed(35 / 3.6, { language: "en", units: "metric" })).toBe("35 km/h");
    expect(formatSpeed(22 * 0.44704, { language: "en", units: "imperial" })).toBe("22 mph");
    expect(formatTemperature(-1.5, { language: "de", units: "metric" })).toBe("-1,5 °C");
    expect(formatTemperature(-1.5, { language: "en", units: "standard" })).toBe("271.7 K");
    expect(formatReason("heavy_rain", { rateMmH: 12.5, what: "rain" }, { language: "fr", units: "metric" })).toBe(
      "Forte pluie prévue (jusqu’à 12,5\u202fmm/h).",
    ); // French uses a narrow no-break space
    expect(formatReason("strong_gusts", { speedMs: 20 }, { language: "es", units: "imperial" })).toBe(
      "Se esperan rachas fuertes (hasta 45 mi/h).",
    );
  });

  it("recommendations fit the mode: no boats for cyclists, no driving advice for walkers", () => {
    // Sea-state reasons are only raised for ferries and water activities, never for land modes.
    for (const code of CODES.filter((c) => !["rough_sea", "high_waves", "moderate_sea", "steep_sea"].includes(c))) {
      // Issue 31: walkers and cyclists never get vehicle wording ("delays or breakdowns", "slower journeys").
      expect(formatRecommendation(code, TRANSPORT_PROFILES.cycling), code).not.toMatch(
        /boat|sailing|vehicles|driv|breakdown|journeys|services|operator/i,
      );
      expect(formatRecommendation(code, TRANSPORT_PROFILES.walking), code).not.toMatch(
        /boat|sailing|vehicles|driv|low beams|breakdown|journeys|traffic|services|operator|tyres/i,
      );
      expect(formatRecommendation(code, TRANSPORT_PROFILES.train), code).not.toMatch(/boat|sailing|driv|low beams/i);
    }
  });
});
