import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import { z } from "zod";

countries.registerLocale(en);

/**
 * ISO 3166-1 alpha-2 codes from i18n-iso-countries. The library also carries
 * XK (Kosovo, user-assigned but universal in visa data, and in Passport Index).
 */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

export const COUNTRY_CODES: string[] = Object.keys(countries.getAlpha2Codes()).sort();

export function countryName(code: string): string {
  return countries.getName(code, "en", { select: "official" }) ?? code;
}

/** A country code field: case-insensitive in, upper-case out, with a message naming the bad value. */
export function countryCodeField(label: string) {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? `${label} is required: an ISO 3166-1 alpha-2 country code such as "FR".`
          : `${label} must be a string: an ISO 3166-1 alpha-2 country code such as "FR".`,
    })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, {
      error: (iss) =>
        `${label} "${String(iss.input)}" is not an ISO 3166-1 alpha-2 country code (two letters, e.g. "FR", "US", "NA").`,
    })
    .meta({
      description: `${label}: ISO 3166-1 alpha-2 country code (case-insensitive), e.g. "FR".`,
      example: "FR",
      // The exact accepted set (upper case), so generated clients and fuzzers send only codes we know.
      enum: COUNTRY_CODES,
    });
}
