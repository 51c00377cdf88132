import { parse } from "csv-parse/sync";
import { ApiError } from "@/lib/http/errors";
import type { VisaCategory } from "@/drizzle/schema";
import { isCountryCode } from "./countries";
import { normaliseRequirement } from "./normalise-requirement";

export interface ParsedRequirement {
  passport: string;
  destination: string;
  category: VisaCategory;
  allowedStayDays: number | null;
  raw: string;
}

const MAX_REPORTED = 10;

/**
 * Parses a Passport Index "tidy ISO-2" CSV (`Passport,Destination,Requirement`).
 * Every cell stays a string: no type casting, so Namibia's `NA` is never read as
 * null. Rows with -1 (passport = destination) are skipped. Any bad row fails the
 * whole file with its line numbers; nothing is guessed.
 */
export function parsePassportIndexCsv(text: string): ParsedRequirement[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (err) {
    throw new ApiError("bad_request", `The file is not valid CSV: ${(err as Error).message}`);
  }
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  if (header.join(",") !== "passport,destination,requirement") {
    throw new ApiError(
      "bad_request",
      `Expected the header "Passport,Destination,Requirement"; found "${(records[0] ?? []).join(",")}".`,
    );
  }
  const out: ParsedRequirement[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < records.length; i++) {
    const line = i + 1;
    const [passport, destination, raw] = records[i].map((c) => c ?? "");
    const p = passport.toUpperCase();
    const d = destination.toUpperCase();
    if (!isCountryCode(p)) problems.push(`line ${line}: unknown passport code "${passport}"`);
    else if (!isCountryCode(d)) problems.push(`line ${line}: unknown destination code "${destination}"`);
    else if (seen.has(`${p}|${d}`)) problems.push(`line ${line}: duplicate pair ${p} -> ${d}`);
    else {
      seen.add(`${p}|${d}`);
      const n = normaliseRequirement(raw);
      if (n === null) problems.push(`line ${line}: unknown requirement "${raw}"`);
      else if (n === "same_country") {
        if (p !== d) problems.push(`line ${line}: -1 (same country) used for ${p} -> ${d}`);
      } else if (p === d) problems.push(`line ${line}: ${p} -> ${d} should be -1 (same country), found "${raw}"`);
      else out.push({ passport: p, destination: d, category: n.category, allowedStayDays: n.allowedStayDays, raw });
    }
    if (problems.length >= MAX_REPORTED) break;
  }
  if (problems.length > 0) {
    throw new ApiError("bad_request", `The file has invalid rows; nothing was imported. ${problems.join("; ")}`, {
      details: { problems },
    });
  }
  if (out.length === 0) throw new ApiError("bad_request", "The file has no requirement rows.");
  return out;
}
