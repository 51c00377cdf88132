import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";
import type { BenchCheck, BenchContext, LoadOptions, LoadResult, TableRow } from "./types";

const execFileAsync = promisify(execFile);

/** process.env overlaid with `env`; an empty value removes the variable (e.g. DATABASE_URL for PGlite). */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === "") delete out[k];
  return out;
}

export interface ServerHandle {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the built app with `npm start` (the production command, V8 flags included) in its own process group. */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerHandle> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (what `npm start` runs, plus --cpu-prof).
  const prof = process.env.BENCH_CPU_PROF;
  const [cmd, args] = prof
    ? [
        "node",
        [
          "--cpu-prof",
          "--cpu-prof-dir",
          prof,
          "--max-semi-space-size=64",
          "node_modules/next/dist/bin/next",
          "start",
          "-p",
          String(port),
          "-H",
          "127.0.0.1",
        ],
      ]
    : ["npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"]];
  const child: ChildProcess = spawn(cmd, args, {
    env: childEnv(env),
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          /* already gone */
        }
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

export async function runAdmin(
  env: Record<string, string>,
  command: string,
  flags: Record<string, string | number | boolean>,
) {
  const args = ["tsx", "scripts/admin.ts", command];
  for (const [k, v] of Object.entries(flags)) {
    const name = "--" + k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    if (v === true) args.push(name);
    else if (v !== false) args.push(name, String(v));
  }
  const { stdout } = await execFileAsync("npx", args, { env: childEnv({ ...env, LOG_LEVEL: "error" }) });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// 5 s: measured on this 2-core machine, a route reaches its steady rate only after 5-10 s of load (the
// watch read: 729 req/s in its first 5 s, 970-1,105 after), while healthz is warm from the start.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

export async function load(baseUrl: string, o: LoadOptions): Promise<LoadResult> {
  if (WARMUP_SECONDS > 0) await autocannon({ ...cannonOptions(baseUrl, o), duration: WARMUP_SECONDS });
  return measure(baseUrl, o, o.durationSeconds ?? SECONDS);
}

function cannonOptions(baseUrl: string, o: LoadOptions) {
  return {
    url: baseUrl + o.path,
    method: o.method ?? "GET",
    headers: o.headers,
    body: o.body,
    requests: o.requests as never,
    connections: o.connections ?? 64,
  };
}

async function measure(baseUrl: string, o: LoadOptions, seconds: number): Promise<LoadResult> {
  const r = await autocannon({ ...cannonOptions(baseUrl, o), duration: seconds });
  return {
    title: o.title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    requests: r.requests.total,
  };
}

export const HEALTHZ = "GET /api/healthz";

const HEALTHZ_LOAD: LoadOptions = { title: HEALTHZ, path: "/api/healthz" };

/**
 * A row with a target is measured paired with /api/healthz in the same interval: after a warm-up
 * of both, three slices of each in the order H R R H H R (drift in the machine's speed cancels
 * to first order), each BENCH_SECONDS/3 long. The row's req/s and its baseline are the means of
 * its slices, so the ratio compares the two under the same conditions.
 */
export async function pairedLoad(baseUrl: string, o: LoadOptions): Promise<{ row: LoadResult; baseline: number }> {
  if (WARMUP_SECONDS > 0) {
    await autocannon({ ...cannonOptions(baseUrl, HEALTHZ_LOAD), duration: WARMUP_SECONDS });
    await autocannon({ ...cannonOptions(baseUrl, o), duration: WARMUP_SECONDS });
  }
  const slice = Math.max(2, Math.round((o.durationSeconds ?? SECONDS) / 3));
  const rows: LoadResult[] = [];
  const bases: LoadResult[] = [];
  for (const which of ["H", "R", "R", "H", "H", "R"]) {
    if (which === "H") bases.push(await measure(baseUrl, HEALTHZ_LOAD, slice));
    else rows.push(await measure(baseUrl, o, slice));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const row: LoadResult = {
    title: o.title,
    rps: Math.round(mean(rows.map((r) => r.rps))),
    p50: +mean(rows.map((r) => r.p50)).toFixed(1),
    p99: Math.max(...rows.map((r) => r.p99)),
    non2xx: sum(rows.map((r) => r.non2xx)),
    errors: sum(rows.map((r) => r.errors)),
    requests: sum(rows.map((r) => r.requests)),
  };
  return { row, baseline: Math.round(mean(bases.map((r) => r.rps))) };
}

export interface BenchRecorder {
  ctx: BenchContext;
  rows: TableRow[];
  checks: BenchCheck[];
  /** Names the scenario the next rows and checks belong to. */
  setScenario(name: string): void;
  /** Measures /api/healthz again (not a table row): the next rows' ratios use it. */
  measureBaseline(): Promise<void>;
}

export function makeContext(baseUrl: string, dbEnv: Record<string, string>): BenchRecorder {
  let baseline: number | undefined;
  let scenario: string | undefined;
  const rows: TableRow[] = [];
  const checks: BenchCheck[] = [];
  const ctx: BenchContext = {
    baseUrl,
    admin: (command, flags) => runAdmin(dbEnv, command, flags),
    async load(o) {
      if ((o.target !== undefined || o.paired) && o.title !== HEALTHZ) {
        const paired = await pairedLoad(baseUrl, o);
        rows.push({
          ...paired.row,
          scenario,
          target: o.target,
          baseline: paired.baseline,
          note: o.note ?? "paired with healthz",
        });
        return paired.row;
      }
      const r = await load(baseUrl, o);
      if (o.title === HEALTHZ && baseline === undefined) baseline = r.rps;
      rows.push({ ...r, scenario, target: o.target, baseline });
      return r;
    },
    record(row) {
      rows.push({ scenario, baseline, ...row });
    },
    check(name, ok, detail) {
      checks.push({ scenario, name, ok, detail });
    },
    async baselineRps() {
      baseline ??= (await ctx.load({ title: HEALTHZ, path: "/api/healthz" })).rps;
      return baseline;
    },
    async newDeveloper(plan = "pro", opts = {}) {
      const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      await ctx.admin("create-user", { email, password: "bench-password-1", plan });
      const { key } = await ctx.admin("create-key", {
        email,
        name: "bench",
        scopes: "read,write,delete,weather:read,weather:timeline,weather:route,weather:watch,weather:webhooks",
        internal: opts.internal ?? true,
      });
      const { token } = await ctx.admin("create-token", { email });
      return { email, key, token };
    },
  };
  return {
    ctx,
    rows,
    checks,
    setScenario: (n) => void (scenario = n),
    async measureBaseline() {
      baseline = (await load(baseUrl, { title: HEALTHZ, path: "/api/healthz" })).rps;
    },
  };
}
