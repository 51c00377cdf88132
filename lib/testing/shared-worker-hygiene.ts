import { afterAll, vi } from "vitest";
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

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  resetEnvCache();
  setTripClock();
  setStandardWebhookHeaders(true);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
