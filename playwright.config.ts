import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { selfSignedCert } from "./lib/webhooks/testing/https-receiver";

/**
 * E2E against the BUILT app (`next start`), in Debian's Chromium (browsers cannot
 * be downloaded here). Build first: `npx next build && npx playwright test`.
 *
 * Database: E2E_DATABASE_URL (migrated before start) when set, else an in-memory
 * PGlite that lives as long as the server. One worker by default: tried with two on this 2-core machine,
 * the server and two browsers saturate it and the longest specs time out. Specs are independent (each
 * signs up its own users; mail goes through one SMTP server, e2e/global-setup.ts), so E2E_WORKERS=2
 * works on a bigger machine.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const dbUrl = process.env.E2E_DATABASE_URL;
// The server mails through SMTP to the specs' own SMTP server (e2e/mailbox.ts) on this fixed port.
process.env.E2E_SMTP_PORT ??= String(PORT + 1);
// …and e2e/global-setup.ts saves what arrives there for every worker to read (e2e/mailbox.ts).
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `skycast-e2e-mail-${PORT}`);

// Specs start HTTPS webhook receivers with this certificate; the server trusts it.
process.env.E2E_RECEIVER_CERT_DIR ??= path.join(os.tmpdir(), `skycast-e2e-receiver-${PORT}`);
selfSignedCert(process.env.E2E_RECEIVER_CERT_DIR);

const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  NEXTAUTH_URL: BASE_URL,
  NEXTAUTH_SECRET: "e2e-only-nextauth-secret-0123456789abcdef",
  APP_ENCRYPTION_KEY: "e2e0000000000000000000000000000000000000000000000000000000000001",
  WEATHER_PROVIDER: "simulated",
  WEBHOOK_ALLOWED_HOSTS: "127.0.0.1,localhost",
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  NODE_EXTRA_CA_CERTS: path.join(process.env.E2E_RECEIVER_CERT_DIR, "cert.pem"),
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  ...(dbUrl ? { DATABASE_URL: dbUrl } : { PGLITE_DIR: "memory://" }),
};

// Inherit PATH/HOME etc., but never a developer's own DATABASE_URL or PGLITE_DIR.
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(([k, v]) => v !== undefined && k !== "DATABASE_URL" && k !== "PGLITE_DIR"),
) as Record<string, string>;

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: dbUrl ? `npx tsx scripts/db-migrate.ts && npx next start -p ${PORT}` : `npx next start -p ${PORT}`,
    url: `${BASE_URL}/api/healthz`,
    // Never attach to someone else's server: each run starts (and stops) its own.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...inherited, ...serverEnv },
  },
});
