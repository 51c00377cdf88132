import { spawn } from "node:child_process";
import { test, expect } from "@playwright/test";

/**
 * The built app started as an operator would, with a broken configuration: it must stop at boot,
 * naming the variable, instead of serving 500s. (Playwright's own server runs with a full config.)
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;

function startWithout(name: string): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== name && k !== "DATABASE_URL" && k !== "E2E_DATABASE_URL"),
  ) as Record<string, string>;
  const child = spawn("npx", ["next", "start", "-p", String(PORT)], {
    env: { ...env, NODE_ENV: "production", PGLITE_DIR: "memory://", LOCAL_RUNNER_DISABLED: "1" },
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => {
    // Bounded: a server that keeps running instead of exiting is the failure this test looks for.
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      resolve({ code: null, output });
    }, 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("next start without NEXTAUTH_SECRET exits non-zero with one line naming the variable", async () => {
  const { code, output } = await startWithout("NEXTAUTH_SECRET");
  expect(code, output).not.toBeNull();
  expect(code).not.toBe(0);
  expect(output).toMatch(/Cannot start: NEXTAUTH_SECRET is not set: .*openssl rand -base64 32/);
});
