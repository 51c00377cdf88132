import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["{lib,app,components,inngest,scripts,drizzle,bench}/**/*.test.ts"],
    globalSetup: ["./lib/db/testing/global-setup.ts"],
    setupFiles: ["./lib/db/testing/private-default-db.ts", "./lib/testing/log-capture.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two cores: more workers only thrash.
    maxWorkers: 2,
  },
});
