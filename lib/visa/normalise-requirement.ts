import type { VisaCategory } from "@/drizzle/schema";

export interface NormalisedRequirement {
  category: VisaCategory;
  /** Days of visa-free stay when the source states a number; otherwise null. */
  allowedStayDays: number | null;
}

/** Passport Index words -> our categories. Matching is case- and space-insensitive. */
const WORDS: Record<string, VisaCategory> = {
  "visa free": "visa_free",
  "visa-free": "visa_free",
  "visa on arrival": "visa_on_arrival",
  "e-visa": "e_visa",
  evisa: "e_visa",
  eta: "eta",
  "visa required": "visa_required",
  "hayya entry permit": "special_permit",
  "covid ban": "covid_ban",
  "no admission": "no_admission",
};

/**
 * Normalises one Passport Index `Requirement` value. Returns "same_country" for
 * -1 (passport = destination, not a visa question) and null for a value we do
 * not know, so the importer can refuse the file instead of guessing.
 */
export function normaliseRequirement(raw: string): NormalisedRequirement | "same_country" | null {
  const v = raw.trim().toLowerCase().replace(/\s+/g, " ");
  if (v === "-1") return "same_country";
  if (/^\d{1,4}$/.test(v)) {
    const days = Number(v);
    return days > 0 ? { category: "visa_free", allowedStayDays: days } : null;
  }
  const category = WORDS[v];
  return category ? { category, allowedStayDays: null } : null;
}

export const CATEGORY_LABELS: Record<VisaCategory, string> = {
  visa_free: "Visa free",
  visa_on_arrival: "Visa on arrival",
  eta: "Electronic travel authorisation (ETA) required",
  e_visa: "e-Visa required (apply online before travel)",
  visa_required: "Visa required (apply before travel)",
  special_permit: "Special entry permit required",
  covid_ban: "Entry suspended (COVID-19 restrictions)",
  no_admission: "No admission",
};

/** Whether the traveller must obtain something before boarding. */
export function needsPreTravelAuthorisation(c: VisaCategory): boolean {
  return c === "eta" || c === "e_visa" || c === "visa_required" || c === "special_permit";
}
