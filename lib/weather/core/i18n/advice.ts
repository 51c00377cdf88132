import { IntlMessageFormat } from "intl-messageformat";
import type { RiskProfile } from "@/lib/weather/core/risk/profiles";
import type { ReasonCode } from "@/lib/weather/core/risk/types";
import type { Units } from "@/lib/weather/core/types";
import type { Language } from "@/lib/i18n/languages";
import { de } from "./advice/de";
import { en } from "./advice/en";
import { es } from "./advice/es";
import { fr } from "./advice/fr";
import { it } from "./advice/it";
import { ja } from "./advice/ja";
import { nl } from "./advice/nl";
import { ptBR } from "./advice/pt-BR";
import { ptPT } from "./advice/pt-PT";

/** One ICU MessageFormat catalogue per language (same keys; tested). */
export const ADVICE_CATALOGUES: Record<Language, Record<string, string>> = {
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

/** The locale and unit system advice is written in. */
export interface AdviceLocale {
  language: Language;
  units: Units;
}

export const DEFAULT_ADVICE_LOCALE: AdviceLocale = { language: "en", units: "metric" };

// Compiled once per (language, key): formatting runs for every timeline item and hour.
const compiled = new Map<string, IntlMessageFormat>();

function message(language: Language, key: string): IntlMessageFormat {
  const id = `${language}|${key}`;
  let m = compiled.get(id);
  if (!m) {
    const text = ADVICE_CATALOGUES[language][key] ?? en[key];
    if (text === undefined) throw new Error(`advice catalogue has no key ${key}`);
    m = new IntlMessageFormat(text, language);
    compiled.set(id, m);
  }
  return m;
}

const formatters = new Map<string, Intl.NumberFormat>();
function nf(language: Language, unit: string | null, digits: number): Intl.NumberFormat {
  const id = `${language}|${unit}|${digits}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat(
      language,
      unit
        ? { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: digits }
        : { maximumFractionDigits: digits },
    );
    formatters.set(id, f);
  }
  return f;
}

/** Raw values a reason message may use, in SI units (formatted per locale and units here). */
export interface ReasonValues {
  rateMmH?: number;
  speedMs?: number;
  tempC?: number;
  distanceM?: number;
  pct?: number;
  uv?: number;
  what?: "rain" | "snow";
  heavy?: boolean;
  event?: string;
  source?: string;
  /** Significant wave height, m. */
  heightM?: number;
  /** Wave period, s. */
  periodS?: number;
  /** Air quality index value and its scale. */
  aqi?: number;
  scale?: "us" | "european";
  /** Pollen type (grass, birch, alder, olive, mugwort, ragweed) and its count, grains/m³. */
  kind?: string;
  count?: number;
}

export function formatSpeed(ms: number, l: AdviceLocale): string {
  if (l.units === "imperial") return nf(l.language, "mile-per-hour", 0).format(ms / 0.44704);
  if (l.units === "standard") return nf(l.language, "meter-per-second", 1).format(ms);
  return nf(l.language, "kilometer-per-hour", 0).format(ms * 3.6);
}

export function formatRate(mmH: number, l: AdviceLocale): string {
  if (l.units === "imperial") return nf(l.language, "inch-per-hour", 2).format(mmH / 25.4);
  return nf(l.language, "millimeter-per-hour", 1).format(mmH);
}

export function formatTemperature(c: number, l: AdviceLocale): string {
  if (l.units === "imperial") return nf(l.language, "fahrenheit", 0).format((c * 9) / 5 + 32);
  // ECMA-402 has no kelvin unit: the number is localised, the symbol is universal.
  if (l.units === "standard") return `${nf(l.language, null, 1).format(c + 273.15)} K`;
  return nf(l.language, "celsius", 1).format(c);
}

export function formatDistance(m: number, l: AdviceLocale): string {
  if (l.units === "imperial")
    return m >= 160.9 ? nf(l.language, "mile", 1).format(m / 1609.344) : nf(l.language, "foot", 0).format(m / 0.3048);
  return nf(l.language, "meter", 0).format(m);
}

/** Wave heights: metres with one decimal, feet for imperial. */
export function formatHeight(m: number, l: AdviceLocale): string {
  if (l.units === "imperial") return nf(l.language, "foot", 0).format(m / 0.3048);
  return nf(l.language, "meter", 1).format(m);
}

/** Precipitation amounts (mm over a period): `1,5 mm` in Italian, inches for imperial. */
export function formatAmount(mm: number, l: AdviceLocale): string {
  if (l.units === "imperial") return nf(l.language, "inch", 2).format(mm / 25.4);
  return nf(l.language, "millimeter", 1).format(mm);
}

/** A message from the catalogue by key, with already-formatted values (nowcast, day summary). */
export function formatMessage(
  key: string,
  values: Record<string, string | number>,
  l: AdviceLocale = DEFAULT_ADVICE_LOCALE,
): string {
  return String(message(l.language, key).format(values));
}

export function formatReason(code: ReasonCode, v: ReasonValues, l: AdviceLocale = DEFAULT_ADVICE_LOCALE): string {
  const out = message(l.language, `reason.${code}`).format({
    rate: v.rateMmH === undefined ? "" : formatRate(v.rateMmH, l),
    speed: v.speedMs === undefined ? "" : formatSpeed(v.speedMs, l),
    temp: v.tempC === undefined ? "" : formatTemperature(v.tempC, l),
    distance: v.distanceM === undefined ? "" : formatDistance(v.distanceM, l),
    pct: v.pct === undefined ? "" : nf(l.language, "percent", 0).format(v.pct),
    uv: v.uv === undefined ? "" : nf(l.language, null, 1).format(v.uv),
    what: v.what ?? "rain",
    heavy: v.heavy ? "yes" : "no",
    event: v.event ?? "",
    source: v.source ?? "",
    height: v.heightM === undefined ? "" : formatHeight(v.heightM, l),
    period: v.periodS === undefined ? "" : nf(l.language, "second", 0).format(v.periodS),
    aqi: v.aqi === undefined ? "" : nf(l.language, null, 0).format(v.aqi),
    scale: v.scale ?? "european",
    kind: v.kind ?? "other",
    count: v.count === undefined ? "" : nf(l.language, null, 0).format(v.count),
  });
  return String(out);
}

const VEHICLE_AUDIENCES = new Set(["road", "rail", "ferry"]);
/** People on foot or on a bike are out in the weather: they get activity wording, never a vehicle's. */
const EXPOSED_AUDIENCES = new Set(["foot", "cycle"]);

/**
 * Advice for the top reason: the audience's own wording when the catalogue has one, else the
 * transport wording for vehicles (a ferry booked as an activity is still a ferry), the activity
 * wording for walkers and cyclists, else by kind.
 */
export function formatRecommendation(
  code: ReasonCode,
  profile: RiskProfile,
  l: AdviceLocale = DEFAULT_ADVICE_LOCALE,
): string {
  const specific = `rec.${code}.${profile.audience}`;
  const fallback = VEHICLE_AUDIENCES.has(profile.audience)
    ? "transport"
    : EXPOSED_AUDIENCES.has(profile.audience)
      ? "activity"
      : profile.kind;
  const key = specific in en ? specific : `rec.${code}.${fallback}`;
  return String(message(l.language, key).format());
}
