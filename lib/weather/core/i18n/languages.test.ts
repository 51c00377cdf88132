import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { TRANSPORT_PROFILES } from "@/lib/weather/core/risk/profiles";
import {
  ADVICE_CATALOGUES,
  formatAmount,
  formatHeight,
  formatMessage,
  formatRate,
  formatReason,
  formatRecommendation,
  formatTemperature,
} from "./advice";
import { MORE_CONDITION_LABELS } from "./condition-labels-more";
import { CONDITION_CODES, conditionFor } from "./conditions";
import { resolveLanguage, SUPPORTED_LANGUAGES } from "@/lib/i18n/languages";

const ISSUE_31 = ["it", "pt-BR", "pt-PT", "ja", "nl"] as const;

describe("issue 31 languages: it, pt-BR, pt-PT, ja, nl", () => {
  it("key completeness: every language has every advice key and every condition label", () => {
    const keys = Object.keys(ADVICE_CATALOGUES.en).sort();
    for (const lang of SUPPORTED_LANGUAGES) {
      const have = Object.keys(ADVICE_CATALOGUES[lang]).sort();
      expect(
        keys.filter((k) => !have.includes(k)),
        `${lang} missing`,
      ).toEqual([]);
      expect(
        have.filter((k) => !keys.includes(k)),
        `${lang} extra`,
      ).toEqual([]);
      for (const k of keys) expect(ADVICE_CATALOGUES[lang][k].trim().length, `${lang} ${k}`).toBeGreaterThan(0);
    }
    for (const lang of ISSUE_31) {
      const labels = MORE_CONDITION_LABELS[lang];
      expect(
        CONDITION_CODES().filter((c) => !labels[c]),
        `${lang} condition labels`,
      ).toEqual([]);
    }
  });

  it("every message parses as ICU and uses only the placeholders English uses", () => {
    const args = (text: string, lang: string) => {
      const seen = new Set<string>();
      const walk = (els: ReturnType<IntlMessageFormat["getAst"]>) => {
        for (const e of els as Array<{ value?: unknown; options?: Record<string, { value: typeof els }> }>) {
          if (typeof e.value === "string" && "type" in e && (e as { type: number }).type !== 0) seen.add(e.value);
          for (const o of Object.values(e.options ?? {})) walk(o.value);
        }
      };
      walk(new IntlMessageFormat(text, lang).getAst());
      return seen;
    };
    for (const lang of ISSUE_31) {
      for (const [k, text] of Object.entries(ADVICE_CATALOGUES[lang])) {
        const extra = [...args(text, lang)].filter((a) => !args(ADVICE_CATALOGUES.en[k], "en").has(a));
        expect(extra, `${lang} ${k}`).toEqual([]);
      }
    }
  });

  it("numbers and units follow the locale (1,5 mm in Italian)", () => {
    expect(formatAmount(1.5, { language: "it", units: "metric" })).toBe("1,5 mm");
    expect(formatRate(1.5, { language: "it", units: "metric" })).toBe("1,5 mm/h");
    expect(formatAmount(1.5, { language: "nl", units: "metric" })).toBe("1,5 mm");
    expect(formatAmount(1.5, { language: "ja", units: "metric" })).toBe("1.5 mm");
    expect(formatTemperature(-1.5, { language: "pt-BR", units: "metric" })).toBe("-1,5 °C");
    expect(formatHeight(3.5, { language: "pt-PT", units: "metric" })).toBe("3,5 m");
    expect(formatReason("heavy_rain", { rateMmH: 12.5, what: "rain" }, { language: "it", units: "metric" })).toBe(
      "Pioggia forte prevista (fino a 12,5 mm/h).",
    );
    expect(formatReason("rain_likely", { pct: 80, what: "rain" }, { language: "nl", units: "metric" })).toBe(
      "Regen is waarschijnlijk (80% kans).",
    );
    expect(formatReason("heat", { tempC: 40 }, { language: "ja", units: "metric" })).toBe(
      "危険な暑さ：体感温度は40°Cになります。",
    );
  });

  it("plurals and selects are ICU: the day summary counts per language", () => {
    const issue = "Heavy rain expected (up to 9 mm/h).";
    expect(formatMessage("summary.day.low", { items: 1 }, { language: "it", units: "metric" })).toBe(
      "Nessun problema meteo per 1 programma.",
    );
    expect(formatMessage("summary.day.low", { items: 3 }, { language: "it", units: "metric" })).toBe(
      "Nessun problema meteo per 3 programmi.",
    );
    expect(
      formatMessage(
        "summary.day.flagged",
        { flagged: 2, items: 5, level: "warning", issue },
        { language: "nl", units: "metric" },
      ),
    ).toBe(`2 plannen van 5 in gevaar: ${issue}`);
    expect(
      formatMessage(
        "nowcast.starts_ends",
        { what: "rain", minutes: 20, time: "15:30" },
        { language: "pt-BR", units: "metric" },
      ),
    ).toBe("Chuva começando em ~20 min, diminuindo até as 15:30.");
  });

  it("pt-PT and pt-BR differ where the varieties do", () => {
    expect(
      formatRecommendation("low_visibility", TRANSPORT_PROFILES.car, { language: "pt-PT", units: "metric" }),
    ).toMatch(/Nevoeiro/);
    expect(
      formatRecommendation("low_visibility", TRANSPORT_PROFILES.car, { language: "pt-BR", units: "metric" }),
    ).toMatch(/Neblina/);
    expect(conditionFor(45, "pt-PT").label).toBe("Nevoeiro");
    expect(conditionFor(45, "pt-BR").label).toBe("Neblina");
    expect(conditionFor(63, "ja").label).toBe("雨");
  });

  it("negotiation: exact tag, then base language, then English", () => {
    const cases: Array<[string | undefined, string]> = [
      ["pt-BR", "pt-BR"],
      ["pt-br", "pt-BR"],
      ["pt_PT", "pt-PT"],
      ["pt", "pt-BR"],
      ["pt-AO", "pt-PT"],
      ["pt-US", "pt-BR"],
      ["it-CH", "it"],
      ["nl-BE", "nl"],
      ["ja-JP", "ja"],
      ["ja-Jpan-JP", "ja"],
      ["de-AT", "de"],
      ["zh-CN", "en"],
      ["sv", "en"],
      [undefined, "en"],
    ];
    for (const [tag, want] of cases) expect(resolveLanguage(tag), String(tag)).toBe(want);
  });
});
