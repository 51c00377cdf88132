import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tests own their data: a clone with nothing beside it must pass `npm test`, so no file in the
 * repository may point at a folder next to it (the team's material lives outside the repo).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".git", ".next", ".data", "test-results", "playwright-report", "out"]);
// Built from parts so this file does not match itself.
const FORBIDDEN = ["..", "shared"].join("/");

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && fs.statSync(full).size < 2_000_000) yield full;
  }
}

describe("the repository is self-contained", () => {
  it("no file references the folder beside the repository", () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const file of files(ROOT)) {
      if (file.endsWith("package-lock.json")) continue;
      scanned++;
      if (fs.readFileSync(file, "utf8").includes(FORBIDDEN)) offenders.push(path.relative(ROOT, file));
    }
    expect(scanned).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
