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
    ],
    // Cheap argon2 parameters (~2 ms a hash instead of ~75 ms): honoured only under NODE_ENV=test,
    // which vitest sets; lib/auth/passwords.test.ts pins production strength (decision 0169).
    env: { PASSWORD_HASH_COST: "test" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Each file in a fresh process again (decision 0173 is suspended): with files sharing workers, two
    // of three full runs on a quiet machine failed timing-sensitive tests no isolated run had failed (a
    // 5 s loopback fetch timing out, a webhook retry not yet due, a cached key reloaded), the signature
    // of work left running by earlier files in the same process. The per-file hygiene stays; shared workers come
    // back once leftovers are found and stopped at the source.
    isolate: true,
    // Two cores: more workers only thrash.
    maxWorkers: 2,
  },
});
