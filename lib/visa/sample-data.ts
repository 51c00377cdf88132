import { sql } from "drizzle-orm";
import { visaImports, visaRequirements, type VisaCategory, type VisaPurpose } from "@/drizzle/schema";
import { getDb, onDatabaseChange } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { visaDataChanged } from "./visa-snapshot";

export const SAMPLE_SOURCE = "built-in-sample";
const SAMPLE_DATE = "2025-01-01";
const SEED_LOCK = 4_711_007;

type Row = [passport: string, destination: string, purpose: VisaPurpose, category: VisaCategory, days: number | null];

/**
 * SAMPLE DATA, not advice: a few dozen illustrative rows so the embedded default
 * answers something before anyone imports a real snapshot. Every row served from
 * it says `isSample: true`. Import a Passport Index CSV for real data.
 */
const SAMPLE: Row[] = [
  ["US", "FR", "tourism", "visa_free", 90],
  ["US", "FR", "business", "visa_free", 90],
  ["US", "GB", "tourism", "eta", null],
  ["US", "JP", "tourism", "visa_free", 90],
  ["US", "CN", "tourism", "visa_required", null],
  ["US", "CN", "transit", "visa_free", 10],
  ["US", "IN", "tourism", "e_visa", null],
  ["US", "BR", "tourism", "e_visa", null],
  ["US", "NA", "tourism", "visa_on_arrival", null],
  ["GB", "US", "tourism", "eta", null],
  ["GB", "FR", "tourism", "visa_free", 90],
  ["GB", "JP", "tourism", "visa_free", 90],
  ["GB", "IN", "tourism", "e_visa", null],
  ["GB", "AU", "tourism", "eta", null],
  ["DE", "US", "tourism", "eta", null],
  ["DE", "US", "business", "eta", null],
  ["DE", "US", "study", "visa_required", null],
  ["DE", "TH", "tourism", "visa_free", 60],
  ["DE", "NA", "tourism", "visa_free", 90],
  ["IN", "FR", "tourism", "visa_required", null],
  ["IN", "FR", "transit", "visa_free", null],
  ["IN", "TH", "tourism", "visa_free", 60],
  ["IN", "AE", "tourism", "visa_on_arrival", 14],
  ["IN", "US", "tourism", "visa_required", null],
  ["NA", "ZA", "tourism", "visa_free", 90],
  ["NA", "BW", "tourism", "visa_free", 90],
  ["NA", "DE", "tourism", "visa_required", null],
  ["ZA", "NA", "tourism", "visa_free", 90],
  ["BR", "PT", "tourism", "visa_free", 90],
  ["BR", "US", "tourism", "visa_required", null],
  ["JP", "US", "tourism", "eta", null],
  ["JP", "CN", "tourism", "visa_free", 30],
  ["CN", "JP", "tourism", "visa_required", null],
  ["AU", "NZ", "tourism", "eta", null],
  ["AU", "NZ", "work", "visa_free", null],
  ["KP", "KR", "tourism", "no_admission", null],
];

/** Loads the sample when the database holds no visa data at all. Returns rows written (0 when data exists). */
export async function seedVisaSample(): Promise<number> {
  const db = await getDb();
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const any = await queryOne<{ n: number }>(tx, sql`select count(*)::int as n from visa_imports`);
    if (Number(any?.n ?? 0) > 0) return 0;
    const [imp] = await tx
      .insert(visaImports)
      .values({
        source: SAMPLE_SOURCE,
        effectiveDate: SAMPLE_DATE,
        isSample: true,
        rowCount: SAMPLE.length,
        baseline: true,
      })
      .returning({ id: visaImports.id });
    await tx.insert(visaRequirements).values(
      SAMPLE.map(([passport, destination, purpose, category, days]) => ({
        passport,
        destination,
        purpose,
        category,
        allowedStayDays: days,
        rawRequirement: days === null ? category : String(days),
        source: SAMPLE_SOURCE,
        isSample: true,
        effectiveDate: SAMPLE_DATE,
        importId: imp.id,
      })),
    );
    return SAMPLE.length;
  });
  if (written > 0) await visaDataChanged();
  return written;
}

let ensured = false;
onDatabaseChange(() => (ensured = false));

/**
 * The embedded default (PGlite, no DATABASE_URL) seeds the sample on first use;
 * a real Postgres deployment stays empty until an operator imports data.
 */
export async function ensureVisaData(): Promise<void> {
  if (ensured || env().DATABASE_URL) return;
  await seedVisaSample();
  ensured = true;
}
