/**
 * `npm run bench`: runs the benchmark scenarios in bench/scenarios/ against the BUILT app
 * (run `npm run build` first; this builds nothing).
 *  - embedded pass: PGlite in a fresh temp dir; the platform baseline scenario only.
 *  - Postgres pass, when DATABASE_URL (or BENCH_DATABASE_URL) is given: a fresh database on that
 *    server, every scenario.
 * Options: BENCH_ONLY=<substring> runs matching scenarios; BENCH_SKIP_EMBEDDED=1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeContext, startServer } from "./harness";
import type { BenchScenario } from "./types";

const PORT = Number(process.env.BENCH_PORT ?? 3300);

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(process.cwd(), "bench", "scenarios");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts")).sort((a, b) => (a === "platform.ts" ? -1 : b === "platform.ts" ? 1 : a.localeCompare(b)));
  const all: BenchScenario[] = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as { scenarios?: BenchScenario[] };
    all.push(...(mod.scenarios ?? []));
  }
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((s) => s.name.includes(only)) : all;
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
  console.log(`\n## ${title}`);
  for (const [k, v] of Object.entries(rows)) console.log(`  ${k.padEnd(36)} ${v}`);
}

async function runPass(label: string, dbEnv: Record<string, string>, scenarios: BenchScenario[], preSeed: boolean) {
  console.log(`\n# ${label}`);
  let seeded: Awaited<ReturnType<ReturnType<typeof makeContext>["newDeveloper"]>> | undefined;
  if (preSeed) {
    // PGlite: one process at a time, so seed before the server opens the directory.
    const seedCtx = makeContext("", dbEnv);
    seeded = await seedCtx.newDeveloper("pro");
  }
  const server = await startServer(PORT, serverEnv(dbEnv));
  try {
    const ctx = makeContext(server.baseUrl, dbEnv);
    if (seeded) {
      const dev = seeded;
      ctx.newDeveloper = async () => dev;
      ctx.admin = async () => {
        throw new Error("admin CLI unavailable while the embedded server holds the PGlite directory");
      };
    }
    for (const s of scenarios) {
      try {
        print(s.name, await s.run(ctx));
      } catch (err) {
        print(s.name, { error: (err as Error).message });
      }
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("No build found: run `npm run build` first (the benchmark builds nothing).");
    process.exit(2);
  }
  console.log(`bench: ${os.cpus().length} cores, node ${process.version}, ${new Date().toISOString()}`);
  const scenarios = await loadScenarios();
  if (!process.env.BENCH_SKIP_EMBEDDED) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
    await runPass("embedded database (PGlite)", { PGLITE_DIR: dir, DATABASE_URL: "", BENCH_DATABASE_URL: "" }, scenarios.filter((s) => s.name.startsWith("platform")), true);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const name = `bench_${Date.now()}`;
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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
