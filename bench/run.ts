/**
 * `npm run bench`: runs the benchmark scenarios in bench/scenarios/ against the BUILT app
 * (run `npm run build` first; this builds nothing).
 *  - embedded pass: PGlite in a fresh temp dir; the platform baseline scenario only.
 *  - Postgres pass, when DATABASE_URL (or BENCH_DATABASE_URL) is given: a fresh database on that
 *    server, every scenario.
 * Prints one table per pass (req/s, p50/p99, ratio to /api/healthz, non-2xx, target) and the
 * invariant checks, and writes everything to bench/results/<date-time>.json (git-ignored) so runs
 * can be compared. On a shared machine the load moves during a pass: a row with a target is
 * measured paired with /api/healthz (harness.ts pairedLoad), other rows use healthz measured again
 * before their scenario. Exit code 1 when an invariant check fails.
 * Options: BENCH_ONLY=<substring>[,<substring>…] runs matching scenarios (the healthz baseline is always
 * measured; gated scenarios, such as "logs at scale", run only when named here); BENCH_SKIP_EMBEDDED=1; BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (5),
 * BENCH_DB_PREFIX (name prefix of the throw-away database, default bench).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HEALTHZ, load, makeContext, startServer } from "./harness";
import type { BenchCheck, BenchScenario, TableRow } from "./types";

const PORT = Number(process.env.BENCH_PORT ?? 3300);

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(process.cwd(), "bench", "scenarios");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort((a, b) => (a === "platform.ts" ? -1 : b === "platform.ts" ? 1 : a.localeCompare(b)));
  const all: BenchScenario[] = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as { scenarios?: BenchScenario[] };
    all.push(...(mod.scenarios ?? []));
  }
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
  return only?.length ? all.filter((s) => only.some((o) => s.name.includes(o))) : all.filter((s) => !s.gated);
}

function serverEnv(dbEnv: Record<string, string>): Record<string, string> {
  return {
    ...dbEnv,
    NODE_ENV: "production",
    NEXTAUTH_SECRET: "bench-secret-not-for-production-000",
    APP_ENCRYPTION_KEY: "be0c0000000000000000000000000000000000000000000000000000000000ff",
    NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
    WEATHER_PROVIDER: "simulated",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1,localhost",
    LOG_LEVEL: "warn",
  };
}

function print(title: string, rows: Record<string, number | string>) {
  if (Object.keys(rows).length === 0) return;
  console.log(`\n## ${title}`);
  for (const [k, v] of Object.entries(rows)) console.log(`  ${k.padEnd(36)} ${v}`);
}

interface PassResult {
  label: string;
  healthzRps: number | undefined;
  rows: TableRow[];
  checks: BenchCheck[];
}

const passes: PassResult[] = [];

function printTable(pass: PassResult) {
  const head = ["endpoint", "req/s", "p50 ms", "p99 ms", "healthz", "x healthz", "target", "non-2xx", "note"];
  const lines = pass.rows.map((r) => [
    r.title,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    r.baseline === undefined ? "" : String(r.baseline),
    r.ratio === undefined ? "" : r.ratio.toFixed(2),
    r.target === undefined
      ? ""
      : `${r.target.toFixed(2)} ${r.ratio !== undefined && r.ratio >= r.target ? "met" : "MISSED"}`,
    String(r.non2xx + r.errors),
    r.note ?? "",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    "| " + cells.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log(`\n# ${pass.label}: healthz ${pass.healthzRps ?? "?"} req/s`);
  console.log(fmt(head));
  console.log(
    "|" +
      widths.map((w, i) => (i === 0 || i === 8 ? "-".repeat(w + 1) + "-" : "-".repeat(w + 1) + ":")).join("|") +
      "|",
  );
  for (const l of lines) console.log(fmt(l));
  if (pass.checks.length > 0) {
    console.log("\ninvariants:");
    for (const c of pass.checks) console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
  }
}

async function runPass(label: string, dbEnv: Record<string, string>, scenarios: BenchScenario[], preSeed: boolean) {
  console.log(`\n# ${label}`);
  let seeded: Awaited<ReturnType<ReturnType<typeof makeContext>["ctx"]["newDeveloper"]>> | undefined;
  if (preSeed) {
    // PGlite: one process at a time, so seed before the server opens the directory.
    seeded = await makeContext("", dbEnv).ctx.newDeveloper("pro");
  }
  const server = await startServer(PORT, serverEnv(dbEnv));
  const rec = makeContext(server.baseUrl, dbEnv);
  try {
    const ctx = rec.ctx;
    if (!preSeed) {
      ctx.startVariant = async (over) => {
        const variant = await startServer(PORT + 1, { ...serverEnv(dbEnv), ...over });
        return { baseUrl: variant.baseUrl, load: (o) => load(variant.baseUrl, o), stop: () => variant.stop() };
      };
    }
    if (seeded) {
      const dev = seeded;
      ctx.newDeveloper = async () => dev;
      ctx.admin = async () => {
        throw new Error("admin CLI unavailable while the embedded server holds the PGlite directory");
      };
    }
    rec.setScenario("baseline");
    await ctx.baselineRps();
    for (const s of scenarios) {
      rec.setScenario(s.name);
      await rec.measureBaseline();
      try {
        print(s.name, await s.run(ctx));
      } catch (err) {
        print(s.name, { error: (err as Error).message });
        ctx.check(`${s.name} completed`, false, (err as Error).message);
      }
    }
  } finally {
    await server.stop();
  }
  const healthz = rec.rows.find((r) => r.title === HEALTHZ)?.rps;
  for (const r of rec.rows) if (r.baseline) r.ratio = +(r.rps / r.baseline).toFixed(3);
  const pass = { label, healthzRps: healthz, rows: rec.rows, checks: rec.checks };
  passes.push(pass);
  printTable(pass);
}

function writeResults(startedAt: Date) {
  const dir = path.join(process.cwd(), "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replace(/:/g, "-").replace(/\..*/, "")}.json`);
  const out = {
    startedAt: startedAt.toISOString(),
    cores: os.cpus().length,
    node: process.version,
    only: process.env.BENCH_ONLY ?? null,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    passes,
  };
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
  console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
}

async function main() {
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("No build found: run `npm run build` first (the benchmark builds nothing).");
    process.exit(2);
  }
  const startedAt = new Date();
  console.log(`bench: ${os.cpus().length} cores, node ${process.version}, ${startedAt.toISOString()}`);
  const scenarios = await loadScenarios();
  if (!process.env.BENCH_SKIP_EMBEDDED) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
    await runPass(
      "embedded database (PGlite)",
      { PGLITE_DIR: dir, DATABASE_URL: "", BENCH_DATABASE_URL: "" },
      scenarios.filter((s) => s.name.startsWith("platform")),
      true,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const name = `${process.env.BENCH_DB_PREFIX ?? "bench"}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const dbEnv = { DATABASE_URL: u.toString() };
    try {
      const { execFileSync } = await import("node:child_process");
      execFileSync("npx", ["tsx", "scripts/db-migrate.ts"], { env: { ...process.env, ...dbEnv }, stdio: "inherit" });
      await runPass("PostgreSQL", dbEnv, scenarios, false);
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log("\n(DATABASE_URL not given: Postgres pass and area scenarios skipped)");
  }
  writeResults(startedAt);
  const failed = passes.flatMap((p) => p.checks).filter((c) => !c.ok);
  if (failed.length > 0) {
    console.error(`\n${failed.length} invariant check(s) failed.`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
