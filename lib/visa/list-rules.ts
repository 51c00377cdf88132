import { and, asc, eq } from "drizzle-orm";
import { visaRequirements, type VisaPurpose } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { countryName } from "./countries";
import { requirementView, type RequirementView } from "./check-visa";
import { latestImport } from "./data-status";
import { ensureVisaData } from "./sample-data";
import { visaSnapshot } from "./visa-snapshot";

/** Every passport's requirement for one destination (optionally one purpose), by passport code. */
export async function listRulesForDestination(destination: string, purpose?: VisaPurpose) {
  await ensureVisaData();
  const snapshot = await visaSnapshot();
  const db = await getDb();
  const rows = snapshot
    ? (snapshot.byDestination.get(destination) ?? []).filter((r) => !purpose || r.purpose === purpose)
    : await db
        .select()
        .from(visaRequirements)
        .where(
          and(
            eq(visaRequirements.destination, destination),
            purpose ? eq(visaRequirements.purpose, purpose) : undefined,
          ),
        )
        .orderBy(asc(visaRequirements.passport), asc(visaRequirements.purpose));
  const rules: Array<{ nationality: string; nationalityName: string; purpose: VisaPurpose } & RequirementView> =
    rows.map((r) => ({
      nationality: r.passport,
      nationalityName: countryName(r.passport),
      purpose: r.purpose,
      ...requirementView(r),
    }));
  return {
    destination: { code: destination, name: countryName(destination) },
    purpose: purpose ?? null,
    count: rules.length,
    rules,
    dataAsOf: snapshot ? snapshot.dataAsOf : await latestImport(db),
  };
}
