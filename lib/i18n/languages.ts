/**
 * The languages the API speaks and how a request's tag picks one (docs/weather.md). Shared by
 * weather, the planner, trips and mail, so it lives below every domain (infrastructure).
 */
export const SUPPORTED_LANGUAGES = ["en", "de", "fr", "es", "it", "pt-BR", "pt-PT", "ja", "nl"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const BY_LOWER = new Map<string, Language>(SUPPORTED_LANGUAGES.map((l) => [l.toLowerCase(), l]));
/**
 * Base language -> the variant it means. `pt` alone is Brazilian Portuguese (CLDR's default content
 * for `pt`); the regions whose CLDR parent locale is pt-PT (Africa, Macau, Timor-Leste, Europe) get pt-PT.
 */
const BASE_DEFAULT: Record<string, Language> = {
  en: "en",
  de: "de",
  fr: "fr",
  es: "es",
  it: "it",
  pt: "pt-BR",
  ja: "ja",
  nl: "nl",
};
const PT_PT_REGIONS = new Set(["PT", "AO", "CH", "CV", "GQ", "GW", "LU", "MO", "MZ", "ST", "TL"]);

/**
 * Language negotiation (docs/weather.md): the exact tag (case-insensitive, `_` read as `-`), then the
 * base language, then English. A script subtag is skipped when looking for the region.
 */
export function resolveLanguage(tag: string | undefined | null): Language {
  const parts = (tag ?? "en").split(/[-_]/);
  const primary = parts[0].toLowerCase();
  const region = parts
    .slice(1)
    .find((p) => /^([A-Za-z]{2}|\d{3})$/.test(p))
    ?.toUpperCase();
  const exact = BY_LOWER.get(region ? `${primary}-${region}`.toLowerCase() : primary);
  if (exact) return exact;
  if (primary === "pt" && region && PT_PT_REGIONS.has(region)) return "pt-PT";
  return BASE_DEFAULT[primary] ?? "en";
}

/** Loose BCP-47 shape check (language[-script][-region]...); `_` is accepted as `-` (pt_PT, de_AT), as POSIX locales write it. */
export const BCP47_PATTERN = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/;
