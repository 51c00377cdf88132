import { DEFAULT_ADVICE_LOCALE, formatRecommendation, type AdviceLocale } from "@/lib/weather/core/i18n/advice";
import type { RiskProfile } from "./profiles";
import type { ReasonCode } from "./types";

/** Plain-language advice for the top reason, worded for the profile's audience, in the locale's language. */
export function recommendationFor(
  code: ReasonCode,
  profile: RiskProfile,
  locale: AdviceLocale = DEFAULT_ADVICE_LOCALE,
): string {
  return formatRecommendation(code, profile, locale);
}
