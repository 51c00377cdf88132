import { defineConfig } from "vitest/config";
import path from "node:path";

/**
 * Multi-instance and fault tests (test/multi): real `next start` processes on
 * real Postgres, so they need TEST_DATABASE_URL and a build (`npx next build`).
 * Run with `npm run test:multi`, after the build. One file at a time.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["test/multi/**/*.test.ts"],
    globalSetup: ["./lib/db/testing/global-setup.ts"],
    setupFiles: ["./lib/db/testing/private-default-db.ts", "./lib/testing/log-capture.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
