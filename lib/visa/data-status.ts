import { desc } from "drizzle-orm";
import { visaImports } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";

export interface DataStatus {
  source: string;
  effectiveDate: string;
  isSample: boolean;
}

/** The snapshot currently in force (latest import), or null when nothing is loaded. */
export async function latestImport(db: DbOrTx): Promise<DataStatus | null> {
  const [row] = await db
    .select({ source: visaImports.source, effectiveDate: visaImports.effectiveDate, isSample: visaImports.isSample })
    .from(visaImports)
    .orderBy(desc(visaImports.id))
    .limit(1);
  return row ?? null;
}
