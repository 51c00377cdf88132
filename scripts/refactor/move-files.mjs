#!/usr/bin/env node
/**
 * Re-runnable codemod for issue 44: moves files with `git mv` and rewrites every import specifier
 * that points at them (the `@/` alias and relative paths; static, `export … from`, `import()` and
 * `vi.mock`), plus the moved files' own relative imports. Others edit the tree in parallel, so this
 * runs again after a merge: a move whose source is gone is skipped, and the rewrite pass still
 * fixes imports of the old path added since. Usage: node scripts/refactor/move-files.mjs
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["app", "components", "lib", "inngest", "scripts", "test", "e2e", "bench", "drizzle"];
const ROOT_FILES = ["instrumentation.ts", "instrumentation-node.ts", "vitest.config.ts", "playwright.config.ts"];

/** [from, to] repository paths (with extension). Stage 1, item 1: the composition root. */
const ROOT_MOVES = [
  ["lib/http/all-contracts.ts", "lib/registry/all-contracts.ts"],
  ["lib/jobs/job-table.ts", "lib/registry/job-table.ts"],
  ["lib/jobs/job-table.test.ts", "lib/registry/job-table.test.ts"],
  ["lib/jobs/job-backlog.ts", "lib/registry/job-backlog.ts"],
  // The Node edge (instrumentation's guard) is an adapter's concern, not HTTP infrastructure.
  ...["client-address", "client-address.test", "edge-check", "edge.test", "install", "route-table"].map((f) => [
    `lib/http/edge/${f}.ts`,
    `lib/registry/edge/${f}.ts`,
  ]),
  // Test-only: checks responses against every contract, so it sits beside the contract list.
  ["lib/http/response-check.ts", "lib/registry/testing/response-check.ts"],
];

/** Later steps keep their rows in scripts/refactor/moves/<step>.mjs (default export: [from, to][]). */
const MOVES_DIR = path.join(import.meta.dirname, "moves");
const stepMoves = fs.existsSync(MOVES_DIR)
  ? await Promise.all(
      fs
        .readdirSync(MOVES_DIR)
        .filter((f) => f.endsWith(".mjs"))
        .sort()
        .map(async (f) => (await import(path.join(MOVES_DIR, f))).default),
    )
  : [];
const MOVES = [...ROOT_MOVES, ...stepMoves.flat()];

const strip = (p) => p.replace(/\.(ts|tsx)$/, "").replace(/\/index$/, "");

function walk(dir, out) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && !e.name.startsWith(".")) walk(rel, out);
    } else if (/\.(ts|tsx|mts|mjs)$/.test(e.name)) out.push(rel);
  }
}

/** The repository file a specifier names, resolved against the tree as it is before the moves. */
function resolveSpec(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const cand = base + ext;
    if (ext === "" && !/\.(ts|tsx)$/.test(cand)) continue;
    if (fs.existsSync(path.join(ROOT, cand)) && fs.statSync(path.join(ROOT, cand)).isFile()) return cand;
  }
  // A path moved by an earlier run, still named by an import added on a parallel branch.
  return MOVES.find(([old]) => strip(old) === base)?.[0];
}

const files = [];
for (const d of DIRS) walk(d, files);
for (const f of ROOT_FILES) if (fs.existsSync(path.join(ROOT, f))) files.push(f);

const moveMap = new Map(MOVES.filter(([from]) => fs.existsSync(path.join(ROOT, from))));
const newPathOf = (p) => moveMap.get(p) ?? (fs.existsSync(path.join(ROOT, p)) ? p : new Map(MOVES).get(p));

const SPECIFIER = /((?:import|export)\s[^;]*?from\s*|import\s*\(\s*|import\s+|vi\.mock\(\s*)(["'])([^"']+)\2/g;

let changed = 0;
for (const file of files) {
  const abs = path.join(ROOT, file);
  const text = fs.readFileSync(abs, "utf8");
  const newFile = moveMap.get(file) ?? file;
  const out = text.replace(SPECIFIER, (all, head, q, spec) => {
    const target = resolveSpec(file, spec);
    if (!target) return all;
    const movedTarget = newPathOf(target);
    if (!movedTarget) return all;
    let next;
    if (spec.startsWith("@/")) next = `@/${strip(movedTarget)}`;
    else {
      next = path.posix.relative(path.posix.dirname(newFile), strip(movedTarget));
      if (!next.startsWith(".")) next = `./${next}`;
      // Relative only inside one folder; across folders the alias says where the file lives.
      if (next.startsWith("..")) next = `@/${strip(movedTarget)}`;
    }
    if (next === spec || (strip(target) === strip(movedTarget) && newFile === file)) return all;
    return `${head}${q}${next}${q}`;
  });
  if (out !== text) {
    fs.writeFileSync(abs, out);
    changed++;
  }
}

for (const [from, to] of moveMap) {
  fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
  execFileSync("git", ["mv", from, to], { cwd: ROOT });
}
console.log(`[move-files] moved ${moveMap.size} files, rewrote imports in ${changed}`);
