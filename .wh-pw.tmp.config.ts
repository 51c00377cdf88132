import { defineConfig, devices } from "@playwright/test";
export default defineConfig({
  testDir: "./e2e",
  testMatch: "webhooks.spec.ts",
  workers: 1,
  timeout: 240_000,
  expect: { timeout: 60_000 },
  reporter: "list",
  outputDir: "/tmp/wh-pw-results",
  use: {
    baseURL: "http://127.0.0.1:3417",
    launchOptions: { executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
