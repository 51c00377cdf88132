import fs from "node:fs";
import { afterAll, beforeEach, expect, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { setTripClock } from "@/lib/trips/clock";
import { setStandardWebhookHeaders } from "@/lib/webhooks/attempt-delivery";

/**
 * Vitest setup (every test file). Test files share worker processes (`isolate: false` in
 * vitest.config.ts: per-file process start-up and module import were half the suite's time), so
 * whatever a file changes in the process is put back after its last test: environment variables,
 * the injectable clocks, the bench-only header switch, fake timers and stubs. Caches of database
 * rows empty themselves when a file installs its own database (`onDatabaseChange` in lib/db/client.ts).
 */
const envAtStart = { ...process.env };
/**
 * TEST_LEFTOVERS_FILE=<path>: after each file, append what it left active in the process (timers,
 * sockets, servers: `process.getActiveResourcesInfo()`) as a JSON line. The check behind decision 0173:
 * work a file leaves running slows the files after it in the same worker.
 */
const leftoversFile = process.env.TEST_LEFTOVERS_FILE;
let testFile = "";
if (leftoversFile) beforeEach(() => void (testFile ||= expect.getState().testPath ?? ""));

afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  resetEnvCache();
  setTripClock();
  setStandardWebhookHeaders(true);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (leftoversFile) {
    // Servers and sockets a file closed at its end finish closing on the next turns of the loop; only
    // what is still there a quarter of a second later was left running (a diagnostic, off by default).
    await new Promise((r) => setTimeout(r, 250));
    const active: Record<string, number> = {};
    for (const r of process.getActiveResourcesInfo()) active[r] = (active[r] ?? 0) + 1;
    fs.appendFileSync(leftoversFile, JSON.stringify({ pid: process.pid, file: testFile, active }) + "\n");
  }
});
