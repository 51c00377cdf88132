import { describe, expect, it } from "vitest";
import { ptBR } from "./advice/pt-BR";
import { ptPT } from "./advice/pt-PT";
import { formatMessage } from "./advice";
import { BCP47_PATTERN, resolveLanguage } from "@/lib/i18n/languages";

// Issue 39, the smaller items: pt-PT is a catalogue of its own, underscores are read as hyphens,
// the German nowcast line reads naturally.
describe("locale fidelity (issue 39)", () => {
  it("pt-PT has its own strings: no Brazilian usage, and far fewer than 80 strings shared with pt-BR", () => {
    const BRAZILIAN =
      /\b(trem|ônibus|calçada|garoa|neblina|operadora|confira|reserve|de até|enchentes?|píer(es)?|trechos?|capa de chuva|em local fechado|em outro dia|frear|freada)\b/i;
    for (const [k, v] of Object.entries(ptPT)) expect(v, k).not.toMatch(BRAZILIAN);
    const shared = Object.keys(ptBR).filter((k) => ptBR[k] === ptPT[k]);
    expect(shared.length).toBeLessThan(45);
    expect(Object.keys(ptPT).sort()).toEqual(Object.keys(ptBR).sort());
  });

  it.each([
    ["pt_PT", "pt-PT"],
    ["pt_pt", "pt-PT"],
    ["PT-pt", "pt-PT"],
    ["de_AT", "de"],
    ["fr_CA", "fr"],
    ["pt_AO", "pt-PT"],
    ["xx_YY", "en"],
  ])("%s is a valid tag resolving to %s", (tag, lang) => {
    expect(BCP47_PATTERN.test(tag)).toBe(true);
    expect(resolveLanguage(tag)).toBe(lang);
  });

  it("malformed tags are still refused", () => {
    for (const bad of ["p", "pt__PT", "pt-", "_PT", "pt PT"]) expect(BCP47_PATTERN.test(bad), bad).toBe(false);
  });

  it("the German nowcast line is a sentence", () => {
    const de = { language: "de" as const, units: "metric" as const };
    expect(formatMessage("nowcast.starts", { what: "rain", minutes: 20 }, de)).toBe(
      "Regen setzt in etwa 20 Minuten ein.",
    );
    expect(formatMessage("nowcast.starts_ends", { what: "snow", minutes: 15, time: "14:30" }, de)).toBe(
      "Schneefall setzt in etwa 15 Minuten ein und lässt bis 14:30 nach.",
    );
  });
});
