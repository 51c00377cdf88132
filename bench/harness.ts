import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";
import type { BenchContext, LoadOptions, LoadResult } from "./types";

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

/** Starts the built app with `next start` in its own process group. */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerHandle> {
  const child: ChildProcess = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
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

export async function runAdmin(env: Record<string, string>, command: string, flags: Record<string, string | number | boolean>) {
  const args = ["tsx", "scripts/admin.ts", command];
  for (const [k, v] of Object.entries(flags)) {
    const name = "--" + k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    if (v === true) args.push(name);
    else if (v !== false) args.push(name, String(v));
  }
  const { stdout } = await execFileAsync("npx", args, { env: childEnv({ ...env, LOG_LEVEL: "error" }) });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

export async function load(baseUrl: string, o: LoadOptions): Promise<LoadResult> {
  const common = {
    url: baseUrl + o.path,
    method: o.method ?? "GET",
    headers: o.headers,
    body: o.body,
    requests: o.requests as never,
    connections: o.connections ?? 64,
  };
  await autocannon({ ...common, duration: 2 }); // warm-up
  const r = await autocannon({ ...common, duration: o.durationSeconds ?? 10 });
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

export function makeContext(baseUrl: string, dbEnv: Record<string, string>): BenchContext {
  let baseline: number | undefined;
  const ctx: BenchContext = {
    baseUrl,
    admin: (command, flags) => runAdmin(dbEnv, command, flags),
    load: (o) => load(baseUrl, o),
    async baselineRps() {
      baseline ??= (await load(baseUrl, { title: "GET /api/healthz", path: "/api/healthz" })).rps;
      return baseline;
    },
    async newDeveloper(plan = "pro") {
      const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      await ctx.admin("create-user", { email, password: "bench-password-1", plan });
      const { key } = await ctx.admin("create-key", {
        email,
        name: "bench",
        scopes: "read,write,delete,weather:read,weather:timeline,weather:route,weather:watch,weather:webhooks",
        internal: true,
      });
      const { token } = await ctx.admin("create-token", { email });
      return { email, key, token };
    },
  };
  return ctx;
}
