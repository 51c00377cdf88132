import { and, asc, eq, gt, gte, type SQL } from "drizzle-orm";
import { visaChanges, type VisaPurpose } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { CATEGORY_LABELS } from "./normalise-requirement";

export interface ChangesQuery {
  since?: string;
  cursor?: string;
  limit: number;
  nationality?: string;
  destinationCountryCode?: string;
  purpose?: VisaPurpose;
}

/** Opaque cursor: the last change id of the previous page. */
export function encodeCursor(id: number): string {
  return Buffer.from(`vc1:${id}`).toString("base64url");
}

function decodeCursor(cursor: string): number {
  const m = /^vc1:(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m) throw new ApiError("bad_request", "Invalid cursor: pass the nextCursor value of a previous page unchanged.");
  return Number(m[1]);
}

function side(category: string | null, days: number | null, raw: string | null) {
  if (category === null) return null;
  const known = category as keyof typeof CATEGORY_LABELS;
  return { category: known, label: CATEGORY_LABELS[known], allowedStayDays: days, rawRequirement: raw };
}

/**
 * The dated changes feed, oldest first. Ordered by id, which follows effective
 * date because snapshots are only imported forward in time; `since` keeps
 * changes effective on or after that date; `cursor` continues after a page.
 */
export async function listVisaChanges(q: ChangesQuery) {
  const db = await getDb();
  const where: (SQL | undefined)[] = [
    q.since ? gte(visaChanges.effectiveDate, q.since) : undefined,
    q.cursor ? gt(visaChanges.id, decodeCursor(q.cursor)) : undefined,
    q.nationality ? eq(visaChanges.passport, q.nationality) : undefined,
    q.destinationCountryCode ? eq(visaChanges.destination, q.destinationCountryCode) : undefined,
    q.purpose ? eq(visaChanges.purpose, q.purpose) : undefined,
  ];
  const rows = await db
    .select()
    .from(visaChanges)
    .where(and(...where))
    .orderBy(asc(visaChanges.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const hasMore = rows.length > q.limit;
  return {
    data: page.map((r) => ({
      id: String(r.id),
      effectiveDate: r.effectiveDate,
      nationality: r.passport,
      destination: r.destination,
      purpose: r.purpose,
      changeType: r.changeType,
      previous: side(r.previousCategory, r.previousAllowedStayDays, r.previousRaw),
      current: side(r.category, r.allowedStayDays, r.raw),
    })),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page[page.length - 1].id) : null,
  };
}
