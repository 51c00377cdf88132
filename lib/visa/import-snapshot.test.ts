import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { visaCommands } from "@/scripts/admin/visa";
import { parsePassportIndexCsv } from "./parse-passport-index";
import { routeModule } from "@/lib/testing/route-registry";

const changes = await routeModule("/v1/visa/changes");
const check = await routeModule("/v1/visa/check");
const rules = await routeModule("/v1/visa/rules");

// A trimmed copy of three real snapshots (test/fixtures/passport-index/README.md).
const DIR = path.resolve(import.meta.dirname, "../../test/fixtures/passport-index");
const OLD = path.join(DIR, "2024-01-05-passport-index-tidy-iso2.csv");
const MID = path.join(DIR, "2024-12-04-passport-index-tidy-iso2.csv");
const NEW = path.join(DIR, "passport-index-tidy-iso2.csv");
const MASTER = "visa-master-key-for-import-tests-0123";
const headers = { "x-visa-intel-key": MASTER };

/** Independent reading of a snapshot: plain line splitting, every value a string. */
function pairs(file: string): Map<string, string> {
  const lines = fs.readFileSync(file, "utf8").trim().split("\n").slice(1);
  return new Map(
    lines.map((l) => {
      const [p, d, r] = l.split(",");
      return [`${p}|${d}`, r];
    }),
  );
}

function expectedDiff(before: string, after: string): string[] {
  const a = pairs(before);
  const b = pairs(after);
  const out: string[] = [];
  for (const [k, v] of b) if (a.get(k) !== v) out.push(k);
  for (const k of a.keys()) if (!b.has(k)) out.push(k);
  return out.sort();
}

async function allChanges(query: string) {
  const seen: any[] = [];
  let cursor: string | null = null;
  do {
    const res: any = await call(changes.GET, {
      path: `/v1/visa/changes?limit=500${query}${cursor ? `&cursor=${cursor}` : ""}`,
      headers,
    });
    expect(res.status).toBe(200);
    seen.push(...res.body.data);
    cursor = res.body.nextCursor;
    expect(res.body.hasMore).toBe(cursor !== null);
  } while (cursor);
  return seen;
}

let t: TestDatabase;
beforeAll(async () => {
  process.env.VISA_MASTER_KEY = MASTER;
  resetEnvCache();
  t = await createTestDatabase();
});
afterAll(async () => {
  delete process.env.VISA_MASTER_KEY;
  resetEnvCache();
  await t.close();
});

describe("Passport Index importer and the changes feed", () => {
  it("reads Namibia's NA as a country code, never as null", () => {
    const rows = parsePassportIndexCsv("Passport,Destination,Requirement\nNA,ZA,90\nZA,NA,visa free\nNA,NA,-1\n");
    expect(rows).toEqual([
      { passport: "NA", destination: "ZA", category: "visa_free", allowedStayDays: 90, raw: "90" },
      { passport: "ZA", destination: "NA", category: "visa_free", allowedStayDays: null, raw: "visa free" },
    ]);
  });

  it("refuses a file with unknown values, naming the lines, and writes nothing", async () => {
    expect(() => parsePassportIndexCsv("Passport,Destination,Requirement\nUS,FR,90\nUS,ZZ,90\nUS,DE,maybe\n")).toThrow(
      /line 3: unknown destination code "ZZ"; line 4: unknown requirement "maybe"/,
    );
    expect(() => parsePassportIndexCsv("Country,To,Rule\nUS,FR,90\n")).toThrow(/Expected the header/);
    const n = await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from visa_requirements`);
    expect(n?.n).toBe(0);
  });

  it("loads the full 2024-01-05 snapshot as a baseline with every pair", async () => {
    const r = await visaCommands["import-visa"].run({ file: OLD });
    expect(r).toMatchObject({
      effective_date: "2024-01-05",
      baseline: true,
      rows: [...pairs(OLD).values()].filter((v) => v !== "-1").length,
    });
    const n = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visa_requirements where not is_sample`,
    );
    expect(n?.n).toBe([...pairs(OLD).values()].filter((v) => v !== "-1").length);
    const namibia = await call(rules.GET, {
      path: "/v1/visa/rules?destinationCountryCode=na&purpose=tourism",
      headers,
    });
    expect(namibia.status).toBe(200);
    expect(namibia.body.destination).toEqual({ code: "NA", name: "Namibia" });
    // Every passport in the file except Namibia itself travels to Namibia.
    const passports = new Set([...pairs(OLD).keys()].map((k) => k.split("|")[0]));
    expect(passports.has("NA")).toBe(true);
    expect(namibia.body.count).toBe(passports.size - 1);
    expect(namibia.body.dataAsOf).toEqual({ source: "passport-index", effectiveDate: "2024-01-05", isSample: false });
    expect((await allChanges("")).length).toBe(0);
  });

  it("a later snapshot records exactly the differing pairs, dated", async () => {
    const r = await visaCommands["import-visa"].run({ file: MID });
    const expected = expectedDiff(OLD, MID);
    expect(expected.length).toBeGreaterThan(0);
    expect(r).toMatchObject({ effective_date: "2024-12-04", baseline: false });
    const feed = await allChanges("&since=2024-12-04");
    expect(feed.map((c) => `${c.nationality}|${c.destination}`).sort()).toEqual(expected);
    expect(new Set(feed.map((c) => c.effectiveDate))).toEqual(new Set(["2024-12-04"]));
    const a = pairs(OLD);
    const b = pairs(MID);
    for (const c of feed.slice(0, 50)) {
      expect(c.previous.rawRequirement).toBe(a.get(`${c.nationality}|${c.destination}`));
      expect(c.current.rawRequirement).toBe(b.get(`${c.nationality}|${c.destination}`));
    }
  });

  it("the newest snapshot (ETA split out of e-visa) adds its own dated changes; since filters by date", async () => {
    await visaCommands["import-visa"].run({ file: NEW, effectiveDate: "2025-01-12" });
    const expected = expectedDiff(MID, NEW);
    const latest = await allChanges("&since=2025-01-01");
    expect(latest.map((c) => `${c.nationality}|${c.destination}`).sort()).toEqual(expected);
    expect(latest.some((c) => c.previous?.category === "e_visa" && c.current?.category === "eta")).toBe(true);
    const everything = await allChanges("");
    expect(everything.length).toBe(expectedDiff(OLD, MID).length + expected.length);
    // Oldest first, strictly increasing ids, dates never going back.
    const dates = everything.map((c) => c.effectiveDate);
    expect([...dates].sort()).toEqual(dates);
    const gb = await allChanges("&nationality=GB&destinationCountryCode=us");
    expect(gb.every((c) => c.nationality === "GB" && c.destination === "US")).toBe(true);
  });

  it("answers checks from the newest data and refuses to go back in time", async () => {
    const newest = pairs(NEW);
    const res = await call(check.POST, {
      method: "POST",
      path: "/v1/visa/check",
      headers,
      body: { nationality: "us", destination: "GB", purpose: "tourism" },
    });
    expect(res.status).toBe(200);
    expect(res.body.requirement.rawRequirement).toBe(newest.get("US|GB"));
    expect(res.body.dataAsOf.effectiveDate).toBe("2025-01-12");
    await expect(visaCommands["import-visa"].run({ file: MID })).rejects.toThrow(/already imported/);
    await expect(visaCommands["import-visa"].run({ file: NEW, effectiveDate: "2025-02-30" })).rejects.toThrow(
      /calendar date/,
    );
  });
});
