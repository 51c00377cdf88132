#!/usr/bin/env node
/**
 * The test files whose result can depend on the database engine: those that reach
 * lib/db/testing/test-db.ts (a per-file database: PGlite or, with TEST_DATABASE_URL, a Postgres
 * clone of the migrated template) through their imports, or read TEST_DATABASE_URL themselves.
 * CI runs every test on PGlite (the README's `npm test`, in a fresh clone) and then only these on
 * real Postgres: a test that never opens a database gives the same answer on both (decision 0165).
 * Prints one path per line. Usage: node scripts/ci/postgres-test-files.mjs
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEST_DIRS = ["lib", "app", "components", "inngest", "scripts", "drizzle", "bench"];
const DB_HELPER = "lib/db/testing/test-db.ts";
const SPECIFIER =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']|vi\.mock\(\s*["']([^"']+)["']/g;

function walk(dir, out) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return;
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && !e.name.startsWith(".")) walk(rel, out);
    } else if (/\.test\.ts$/.test(e.name)) out.push(rel);
  }
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const cand = base + ext;
    const abs = path.join(ROOT, cand);
    if (/\.(ts|tsx)$/.test(cand) && fs.existsSync(abs) && fs.statSync(abs).isFile()) return cand;
  }
  return undefined;
}

const imports = new Map();
function importsOf(file) {
  let deps = imports.get(file);
  if (deps) return deps;
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  deps = { list: [], readsUrl: text.includes("TEST_DATABASE_URL") };
  for (const m of text.matchAll(SPECIFIER)) {
    const target = resolve(file, m[1] ?? m[2] ?? m[3] ?? m[4]);
    if (target) deps.list.push(target);
  }
  imports.set(file, deps);
  return deps;
}

/** Does the file's import closure reach the per-file database helper, or read TEST_DATABASE_URL? */
function needsDatabase(file) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const f = queue.pop();
    if (f === DB_HELPER) return true;
    const deps = importsOf(f);
    if (f === file && deps.readsUrl) return true;
    for (const d of deps.list)
      if (!seen.has(d)) {
        seen.add(d);
        queue.push(d);
      }
  }
  return false;
}

const tests = [];
for (const d of TEST_DIRS) walk(d, tests);
const picked = tests.sort().filter(needsDatabase);
if (picked.length === 0) throw new Error("no database test found: the detection is broken");
process.stdout.write(picked.join("\n") + "\n");
