import { DateTime } from "luxon";
import { resolveLanguage, type Language } from "@/lib/i18n/languages";
import { en, type PlannerCatalogue } from "./texts/en";
import { de } from "./texts/de";
import { fr } from "./texts/fr";
import { es } from "./texts/es";
import { it } from "./texts/it";
import { ptBR } from "./texts/pt-br";
import { ptPT } from "./texts/pt-pt";
import { ja } from "./texts/ja";
import { nl } from "./texts/nl";

/**
 * The planner's texts (option labels, reasons, rebooking notes) in the nine languages the weather API
 * speaks (issue 38 item 8). Same keys in every language (tested); `{name}` placeholders. Times stay
 * HH:mm and ranges keep "-" in every language so a reason reads the same way everywhere.
 */
export type PlannerTextKey = keyof PlannerCatalogue;

export const PLANNER_TEXTS: Record<Language, PlannerCatalogue> = {
  en,
  de,
  fr,
  es,
  it,
  "pt-BR": ptBR,
  "pt-PT": ptPT,
  ja,
  nl,
};

/** A planner text in the given language (any tag: negotiated like the weather API's `language`). */
export function plannerText(lang: string | undefined, key: PlannerTextKey, vars: Record<string, string | number> = {}) {
  const table = PLANNER_TEXTS[resolveLanguage(lang)];
  return table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ""));
}

/** A short day name: English keeps "Sat 28 Nov" (as before); the others use their locale's own order. */
export function plannerDay(ms: number, zone: string, lang: string | undefined): string {
  const language = resolveLanguage(lang);
  const d = DateTime.fromMillis(ms, { zone });
  return language === "en"
    ? d.setLocale("en").toFormat("ccc d LLL")
    : d.setLocale(language).toLocaleString({ weekday: "short", day: "numeric", month: "short" });
}
