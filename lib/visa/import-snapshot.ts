import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { visaChanges, visaImports, visaRequirements, type VisaCategory } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { parsePassportIndexCsv, type ParsedRequirement } from "./parse-passport-index";
import { visaDataChanged } from "./visa-snapshot";

export const PASSPORT_INDEX_SOURCE = "passport-index";
/** Passport Index describes ordinary (tourist) visits; its rows are stored as purpose "tourism". */
const PASSPORT_INDEX_PURPOSE = "tourism" as const;
const BATCH = 1000;
// Serialises imports across processes (an arbitrary constant for pg_advisory_xact_lock).
const IMPORT_LOCK = 4_711_006;

export interface ImportSummary {
  importId: number;
  source: string;
  effectiveDate: string;
  rows: number;
  baseline: boolean;
  changes: { added: number; changed: number; removed: number };
}

interface Current {
  category: VisaCategory;
  allowedStayDays: number | null;
  raw: string;
}

/** Reads, parses and imports a Passport Index CSV file. */
export async function importVisaFile(file: string, opts: { effectiveDate?: string } = {}): Promise<ImportSummary> {
  if (opts.effectiveDate !== undefined) assertIsoDate(opts.effectiveDate, "--effective-date");
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    throw new ApiError(
      "bad_request",
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const rows = parsePassportIndexCsv(text);
  const effectiveDate = opts.effectiveDate ?? dateFromFileName(file) ?? new Date().toISOString().slice(0, 10);
  return importVisaSnapshot({
    rows,
    effectiveDate,
    fileName: path.basename(file),
    fileSha256: createHash("sha256").update(text).digest("hex"),
  });
}

/** `2024-12-04-passport-index….csv` -> 2024-12-04. */
function dateFromFileName(file: string): string | undefined {
  return /^(\d{4}-\d{2}-\d{2})/.exec(path.basename(file))?.[1];
}

export function assertIsoDate(value: string, what: string): string {
  const ok =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!ok) throw new ApiError("bad_request", `${what} must be a calendar date YYYY-MM-DD; got "${value}".`);
  return value;
}

/**
 * Replaces the current Passport Index requirements with a snapshot, in one
 * transaction. The first real snapshot is a baseline (and replaces the built-in
 * sample); each later one records its differences from the current data as
 * dated changes (added / changed / removed pairs). Snapshots may not go back in
 * time: the feed's dates only move forward.
 */
export async function importVisaSnapshot(input: {
  rows: ParsedRequirement[];
  effectiveDate: string;
  fileName?: string | null;
  fileSha256?: string | null;
}): Promise<ImportSummary> {
  const effectiveDate = assertIsoDate(input.effectiveDate, "--effective-date");
  const source = PASSPORT_INDEX_SOURCE;
  const db = await getDb();
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const [latest] = await tx
      .select({ effectiveDate: visaImports.effectiveDate })
      .from(visaImports)
      .where(and(eq(visaImports.source, source), eq(visaImports.isSample, false)))
      .orderBy(desc(visaImports.effectiveDate))
      .limit(1);
    if (latest && effectiveDate < latest.effectiveDate) {
      throw new ApiError(
        "conflict",
        `A snapshot effective ${latest.effectiveDate} is already imported; import only snapshots effective on or after it (got ${effectiveDate}).`,
      );
    }
    const baseline = !latest;
    // The sample is a stand-in for real data: the first real import removes it.
    await tx.delete(visaRequirements).where(eq(visaRequirements.isSample, true));

    const [imp] = await tx
      .insert(visaImports)
      .values({
        source,
        fileName: input.fileName ?? null,
        fileSha256: input.fileSha256 ?? null,
        effectiveDate,
        rowCount: input.rows.length,
        baseline,
      })
      .returning({ id: visaImports.id });

    const current = await loadCurrent(tx, source);
    const next = new Map(input.rows.map((r) => [`${r.passport}|${r.destination}`, r]));
    const upserts: ParsedRequirement[] = [];
    const changes: (typeof visaChanges.$inferInsert)[] = [];
    const counts = { added: 0, changed: 0, removed: 0 };
    for (const [pair, r] of next) {
      const old = current.get(pair);
      if (old && old.category === r.category && old.allowedStayDays === r.allowedStayDays) continue;
      upserts.push(r);
      const changeType = old ? "changed" : "added";
      counts[changeType]++;
      changes.push({
        importId: imp.id,
        effectiveDate,
        passport: r.passport,
        destination: r.destination,
        purpose: PASSPORT_INDEX_PURPOSE,
        changeType,
        previousCategory: old?.category ?? null,
        previousAllowedStayDays: old?.allowedStayDays ?? null,
        previousRaw: old?.raw ?? null,
        category: r.category,
        allowedStayDays: r.allowedStayDays,
        raw: r.raw,
      });
    }
    const removed = [...current.keys()].filter((pair) => !next.has(pair));
    for (const pair of removed) {
      const old = current.get(pair)!;
      const [passport, destination] = pair.split("|");
      counts.removed++;
      changes.push({
        importId: imp.id,
        effectiveDate,
        passport,
        destination,
        purpose: PASSPORT_INDEX_PURPOSE,
        changeType: "removed",
        previousCategory: old.category,
        previousAllowedStayDays: old.allowedStayDays,
        previousRaw: old.raw,
        category: null,
        allowedStayDays: null,
        raw: null,
      });
    }

    const replaced = upserts.map((r) => `${r.passport}|${r.destination}`).filter((pair) => current.has(pair));
    await deletePairs(tx, source, [...replaced, ...removed]);
    for (let i = 0; i < upserts.length; i += BATCH) {
      await tx.insert(visaRequirements).values(
        upserts.slice(i, i + BATCH).map((r) => ({
          passport: r.passport,
          destination: r.destination,
          purpose: PASSPORT_INDEX_PURPOSE,
          category: r.category,
          allowedStayDays: r.allowedStayDays,
          rawRequirement: r.raw,
          source,
          isSample: false,
          effectiveDate,
          importId: imp.id,
        })),
      );
    }
    // A baseline has nothing to compare with: it records no changes.
    if (!baseline) {
      for (let i = 0; i < changes.length; i += BATCH) await tx.insert(visaChanges).values(changes.slice(i, i + BATCH));
    }
    const total = baseline ? 0 : changes.length;
    await tx.update(visaImports).set({ changeCount: total }).where(eq(visaImports.id, imp.id));
    return {
      importId: imp.id,
      source,
      effectiveDate,
      rows: input.rows.length,
      baseline,
      changes: baseline ? { added: 0, changed: 0, removed: 0 } : counts,
    };
  });
  await visaDataChanged();
  return summary;
}

async function loadCurrent(tx: Tx, source: string): Promise<Map<string, Current>> {
  const rows = await tx
    .select({
      p: visaRequirements.passport,
      d: visaRequirements.destination,
      category: visaRequirements.category,
      days: visaRequirements.allowedStayDays,
      raw: visaRequirements.rawRequirement,
    })
    .from(visaRequirements)
    .where(
      and(
        eq(visaRequirements.source, source),
        eq(visaRequirements.purpose, PASSPORT_INDEX_PURPOSE),
        eq(visaRequirements.isSample, false),
      ),
    );
  return new Map(rows.map((r) => [`${r.p}|${r.d}`, { category: r.category, allowedStayDays: r.days, raw: r.raw }]));
}

async function deletePairs(tx: Tx, source: string, pairs: string[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += BATCH) {
    await tx
      .delete(visaRequirements)
      .where(
        and(
          eq(visaRequirements.source, source),
          eq(visaRequirements.purpose, PASSPORT_INDEX_PURPOSE),
          inArray(
            sql`${visaRequirements.passport} || '|' || ${visaRequirements.destination}`,
            pairs.slice(i, i + BATCH),
          ),
        ),
      );
  }
}
