import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@/lib/i18n/languages";
import { PLANNER_TEXTS, plannerDay, plannerText, type PlannerTextKey } from "./planner-texts";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(PLANNER_TEXTS.en) as PlannerTextKey[];

describe("planner texts (issue 38 item 8)", () => {
  it.each(SUPPORTED_LANGUAGES)("%s has every key, non-empty, with the same placeholders as English", (lang) => {
    const table = PLANNER_TEXTS[lang];
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(table[k].trim(), `${lang}.${k}`).not.toBe("");
      expect(placeholders(table[k]), `${lang}.${k}`).toEqual(placeholders(PLANNER_TEXTS.en[k]));
    }
  });

  it("every language but English is translated (no key left in English where the words differ)", () => {
    for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== "en"))
      for (const k of ["thunder", "move_label", "rebook_remedy", "sunset"] as const)
        expect(PLANNER_TEXTS[lang][k], `${lang}.${k}`).not.toBe(PLANNER_TEXTS.en[k]);
  });

  it("pt-PT is European Portuguese, not a copy of pt-BR", () => {
    expect(plannerText("pt-PT", "thunder")).toBe("trovoadas");
    expect(plannerText("pt-BR", "thunder")).toBe("tempestades com raios");
    expect(plannerText("pt_PT", "until", { time: "18:00" })).toBe("até às 18:00");
  });

  it("tags are negotiated like the weather API's language (de_AT -> de, unknown -> en)", () => {
    expect(plannerText("de_AT", "rain", { mm: 8 })).toBe("Regen 8 mm/h");
    expect(plannerText("xx", "rain", { mm: 8 })).toBe("rain 8 mm/h");
    expect(plannerText(undefined, "swap_label", { title: "Museum" })).toBe("Swap with Museum");
  });

  it("day names follow the language", () => {
    const ms = Date.parse("2027-05-08T10:00:00Z"); // a Saturday
    expect(plannerDay(ms, "Europe/Lisbon", "en")).toBe("Sat 8 May");
    expect(plannerDay(ms, "Europe/Berlin", "de")).toMatch(/^Sa\./);
    expect(plannerDay(ms, "Asia/Tokyo", "ja")).toContain("5月8日");
  });
});
