import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "@/lib/env";

/**
 * N real `next start` instances of the built app on one Postgres database,
 * each with its own local runner, for the multi-instance tests. Each instance
 * is its own process group (setsid-like `detached`), stopped by group id.
 */
export interface Instance {
  index: number;
  port: number;
  url: string;
  proc: ChildProcess;
  logFile: string;
}

export interface Cluster {
  instances: Instance[];
  /** Round-robin base URL chooser (the "load balancer"). */
  next(): string;
  /** SIGKILL one instance's whole process group (no graceful shutdown). */
  kill9(index: number): void;
  stop(): Promise<void>;
}

export const BUILD_ID = path.join(process.cwd(), ".next", "BUILD_ID");

/** Why the multi-instance tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return "needs real Postgres (set TEST_DATABASE_URL)";
  if (!fs.existsSync(BUILD_ID)) return "needs a built app (.next/BUILD_ID missing: run `npx next build` first)";
  return undefined;
}

const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

/** The instances' next-auth secret: the test process signs portal session cookies with it. */
export const CLUSTER_AUTH_SECRET = "multi-instance-test-secret-0123456789abcdef";

/** Shared by the instances and the test process, which creates endpoints (their secrets are encrypted with it). */
const CLUSTER_ENCRYPTION_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";

/**
 * Each instance's public URL (NEXTAUTH_URL) is its own unless `env` sets one NEXTAUTH_URL for all:
 * then they are one OAuth issuer for one MCP resource, as behind a load balancer.
 */
export async function startCluster(opts: {
  n: number;
  basePort: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  process.env.APP_ENCRYPTION_KEY = CLUSTER_ENCRYPTION_KEY;
  resetEnvCache();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "multi-"));
  const instances: Instance[] = [];
  for (let i = 0; i < opts.n; i++) {
    const port = opts.basePort + i;
    const logFile = path.join(logDir, `instance-${i}.log`);
    const out = fs.openSync(logFile, "a");
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !["DATABASE_URL", "PGLITE_DIR", "NODE_OPTIONS"].includes(k) && !k.startsWith("VITEST"),
      ),
    );
    const proc = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
      detached: true,
      stdio: ["ignore", out, out],
      env: {
        ...inherited,
        NODE_ENV: "production",
        DATABASE_URL: opts.databaseUrl,
        NEXTAUTH_URL: `http://127.0.0.1:${port}`,
        NEXTAUTH_SECRET: CLUSTER_AUTH_SECRET,
        APP_ENCRYPTION_KEY: CLUSTER_ENCRYPTION_KEY,
        LOG_LEVEL: "warn",
        ...opts.env,
      },
    });
    instances.push({ index: i, port, url: `http://127.0.0.1:${port}`, proc, logFile });
  }
  const cluster: Cluster = {
    instances,
    next: (() => {
      let i = 0;
      return () => {
        const live = instances.filter((x) => x.proc.exitCode === null && x.proc.signalCode === null);
        return live[i++ % live.length].url;
      };
    })(),
    kill9(index) {
      const p = instances[index].proc;
      if (p.pid) process.kill(-p.pid, "SIGKILL");
    },
    async stop() {
      await Promise.all(
        instances.map(async (x) => {
          if (!x.proc.pid || x.proc.exitCode !== null || x.proc.signalCode !== null) return;
          const exited = new Promise((r) => x.proc.once("exit", r));
          try {
            process.kill(-x.proc.pid, "SIGTERM");
          } catch {
            return;
          }
          const timer = setTimeout(() => {
            try {
              process.kill(-x.proc.pid!, "SIGKILL");
            } catch {
              /* gone */
            }
          }, 5000);
          await exited;
          clearTimeout(timer);
          // The group may outlive its leader (a worker that ignored SIGTERM): nothing of it may keep sockets open.
          try {
            process.kill(-x.proc.pid, "SIGKILL");
          } catch {
            /* the whole group is gone */
          }
        }),
      );
    },
  };
  try {
    await Promise.all(instances.map((x) => waitHealthy(x, 90_000)));
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

async function waitHealthy(x: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (x.proc.exitCode !== null)
      throw new Error(
        `instance ${x.index} exited (${x.proc.exitCode}); log: ${fs.readFileSync(x.logFile, "utf8").slice(-2000)}`,
      );
    try {
      const r = await fetch(`${x.url}/api/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(
        `instance ${x.index} not healthy after ${timeoutMs} ms; log: ${fs.readFileSync(x.logFile, "utf8").slice(-2000)}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}
