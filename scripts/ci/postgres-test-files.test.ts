import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// CI runs these files again on real Postgres (decision 0165): a database test missing here would
// run on PGlite only, so every file that names the per-file database or TEST_DATABASE_URL must be in.
const ROOT = path.resolve(import.meta.dirname, "../..");
const picked = execFileSync(process.execPath, [path.join(ROOT, "scripts/ci/postgres-test-files.mjs")], {
  cwd: ROOT,
  encoding: "utf8",
})
  .trim()
  .split("\n");

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory() && e.name !== "node_modules") testFiles(rel, out);
    else if (e.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
}

describe("the test files CI runs again on Postgres", () => {
  it("include every file that opens a per-file database or reads TEST_DATABASE_URL itself", () => {
    const direct = ["lib", "app", "scripts", "drizzle", "bench", "inngest", "components"]
      .flatMap((d) => testFiles(d))
      .filter((f) => /createTestDatabase|TEST_DATABASE_URL/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(direct.length).toBeGreaterThan(50);
    expect(direct.filter((f) => !picked.includes(f))).toEqual([]);
  });

  it("follow helpers: a route test that gets its database through a testing helper is in", () => {
    expect(picked).toContain("lib/trips/ops/concurrency.test.ts");
    expect(picked).toContain("lib/accounts/last-owner.race.test.ts");
  });

  it("leave out pure tests (the planner's property tests, the layering rule)", () => {
    expect(picked).not.toContain("lib/planner/plan-event.property.test.ts");
    expect(picked).not.toContain("lib/testing/layering.test.ts");
  });
});
