import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["{lib,app,components,inngest,scripts,drizzle,bench}/**/*.test.ts"],
    globalSetup: ["./lib/db/testing/global-setup.ts"],
    setupFiles: [
      "./lib/db/testing/private-default-db.ts",
      "./lib/testing/log-capture.ts",
      "./lib/testing/shared-worker-hygiene.ts",
      "./lib/testing/event-loop-stalls.ts",
    ],
    // Cheap argon2 parameters (~2 ms a hash instead of ~75 ms): honoured only under NODE_ENV=test,
    // which vitest sets; lib/auth/passwords.test.ts pins production strength (decision 0169).
    env: {
      PASSWORD_HASH_COST: "test",
      // The HTTPS receivers, fake providers and client metadata hosts run inside the test process, so a
      // request's time includes that process's own stalls: on a loaded 2-core machine its event loop stops
      // for 2-7 s at times (TEST_STALLS_FILE shows where), and a 3 s delivery timeout then failed an answered
      // request. Tests give requests a minute; a test about timeouts sets its own short one (decision 0175).
      WEBHOOK_TIMEOUT_MS: "60000",
      WEATHER_PROVIDER_TIMEOUT_MS: "60000",
      OAUTH_CLIENT_METADATA_TIMEOUT_MS: "60000",
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Files share the two worker processes (decision 0173): per-file process start-up and import were
    // half the suite's time. What a file changes in the process is put back by
    // lib/testing/shared-worker-hygiene.ts; caches of rows empty on onDatabaseChange (lib/db/client.ts).
    isolate: false,
    // Two cores: more workers only thrash.
    maxWorkers: 2,
  },
});
