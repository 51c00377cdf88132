import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs and the decision records name source files in backticks so a reader can open them. A
 * move (issue 44 split lib/trips and lib/weather into rooms) must update them: every concrete path
 * named in README.md, docs/ and docs/decisions/ exists. Patterns (`lib/<domain>/…`, `*`) and
 * generated outputs (bench/results) are not paths to check.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const NAMED_PATH =
  /`((?:lib|app|components|scripts|inngest|e2e|test|bench|drizzle|docs)\/[^`\s]+?\.(?:ts|tsx|mjs|js|json|sql|md))`/g;

function markdownFiles(): string[] {
  const inDir = (dir: string) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `${dir}/${f}`);
  return ["README.md", ...inDir("docs"), ...inDir("docs/decisions")];
}

function namedPaths(text: string): string[] {
  return [...text.matchAll(NAMED_PATH)]
    .map((m) => m[1]!)
    .filter((p) => !/[<>*]/.test(p) && !p.startsWith("bench/results/"));
}

describe("paths named in the docs", () => {
  it("reads a concrete path and skips patterns", () => {
    expect(namedPaths("see `lib/trips/ops/x.ts`, `lib/<domain>/contracts.ts` and `app/**/route.ts`")).toEqual([
      "lib/trips/ops/x.ts",
    ]);
  });

  it("every source file named in README.md, docs/ and docs/decisions/ exists", () => {
    const missing: string[] = [];
    const files = markdownFiles();
    for (const file of files) {
      for (const p of namedPaths(fs.readFileSync(path.join(ROOT, file), "utf8")))
        if (!fs.existsSync(path.join(ROOT, p))) missing.push(`${file}: ${p}`);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(missing, "update the path after a move").toEqual([]);
  });
});
