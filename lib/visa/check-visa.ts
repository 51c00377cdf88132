import { and, asc, eq } from "drizzle-orm";
import { visaRequirements, type VisaCategory, type VisaPurpose, type VisaRequirementRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { countryName } from "./countries";
import { latestImport, type DataStatus } from "./data-status";
import { CATEGORY_LABELS, needsPreTravelAuthorisation } from "./normalise-requirement";
import { ensureVisaData } from "./sample-data";
import { visaSnapshot } from "./visa-snapshot";

export interface RequirementView {
  category: VisaCategory;
  label: string;
  visaRequired: boolean;
  preTravelAuthorisation: boolean;
  entryAllowed: boolean;
  allowedStayDays: number | null;
  rawRequirement: string;
  source: string;
  effectiveDate: string;
  isSample: boolean;
}

export interface VisaCheckResult {
  nationality: { code: string; name: string };
  destination: { code: string; name: string };
  purpose: VisaPurpose;
  status: "known" | "unknown" | "own_country";
  requirement: RequirementView | null;
  message: string;
  availablePurposes: VisaPurpose[];
  dataAsOf: DataStatus | null;
}

const VISA_CATEGORIES_NEEDING_VISA = new Set<VisaCategory>(["visa_required", "e_visa", "visa_on_arrival"]);

export function requirementView(r: VisaRequirementRow): RequirementView {
  return {
    category: r.category,
    label: CATEGORY_LABELS[r.category],
    visaRequired: VISA_CATEGORIES_NEEDING_VISA.has(r.category),
    preTravelAuthorisation: needsPreTravelAuthorisation(r.category),
    entryAllowed: r.category !== "no_admission" && r.category !== "covid_ban",
    allowedStayDays: r.allowedStayDays,
    rawRequirement: r.rawRequirement,
    source: r.source,
    effectiveDate: r.effectiveDate,
    isSample: r.isSample,
  };
}

/** Without the in-memory snapshot: the two independent reads side by side on the pool. */
async function readPair(nationality: string, destination: string): Promise<[DataStatus | null, VisaRequirementRow[]]> {
  const db = await getDb();
  return Promise.all([
    latestImport(db),
    nationality === destination
      ? Promise.resolve([])
      : db
          .select()
          .from(visaRequirements)
          .where(and(eq(visaRequirements.passport, nationality), eq(visaRequirements.destination, destination)))
          .orderBy(asc(visaRequirements.purpose)),
  ]);
}

/**
 * The requirement for one (nationality, destination, purpose) triple. Purposes
 * are never inferred from one another: with no row for the purpose asked, the
 * answer is "unknown", with the purposes that do have data.
 */
export async function checkVisa(input: {
  nationality: string;
  destination: string;
  purpose: VisaPurpose;
}): Promise<VisaCheckResult> {
  await ensureVisaData();
  const { nationality, destination, purpose } = input;
  const snapshot = await visaSnapshot();
  const [dataAsOf, rows] = snapshot
    ? [
        snapshot.dataAsOf,
        nationality === destination ? [] : (snapshot.byPair.get(`${nationality}|${destination}`) ?? []),
      ]
    : await readPair(nationality, destination);
  const base = {
    nationality: { code: nationality, name: countryName(nationality) },
    destination: { code: destination, name: countryName(destination) },
    purpose,
    dataAsOf,
  };
  if (nationality === destination) {
    return {
      ...base,
      status: "own_country",
      requirement: null,
      availablePurposes: [],
      message: `Holders of a ${nationality} passport need no visa to enter ${base.destination.name}, their own country.`,
    };
  }
  const availablePurposes = rows.map((r) => r.purpose);
  const row = rows.find((r) => r.purpose === purpose);
  if (!row) {
    const others = availablePurposes.length
      ? `Data exists for: ${availablePurposes.join(", ")}.`
      : "There is no data for this pair for any purpose.";
    return {
      ...base,
      status: "unknown",
      requirement: null,
      availablePurposes,
      message: `No data for ${purpose} travel on a ${nationality} passport to ${destination}. ${others} We do not infer one purpose's rules from another's.`,
    };
  }
  const req = requirementView(row);
  const stay = req.allowedStayDays ? ` for up to ${req.allowedStayDays} days` : "";
  const sample = req.isSample ? " (BUILT-IN SAMPLE DATA, not for real travel decisions)" : "";
  return {
    ...base,
    status: "known",
    requirement: req,
    availablePurposes,
    message: `${req.label}${stay}: ${nationality} passport to ${destination} for ${purpose}${sample}.`,
  };
}
