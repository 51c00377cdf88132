import { expect, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mailbox, mailTo } from "./mailbox";

/** Shared browser steps for portal specs. Every helper waits for the UI to confirm its step. */

export interface Credentials {
  email: string;
  password: string;
}

export function newCredentials(prefix = "e2e"): Credentials {
  return { email: `${prefix}-${randomUUID().slice(0, 8)}@example.test`, password: `pw-${randomUUID()}` };
}

/**
 * Creates a user through /sign-up (fresh credentials unless given), confirms the address from the
 * link the test SMTP server receives (production keys need it), and lands signed in on /keys.
 */
export async function signUp(
  page: Page,
  creds: Credentials = newCredentials(),
  opts: { verify?: boolean } = {},
): Promise<Credentials> {
  // The test SMTP server must listen before the sign-up sends its mail (a refused send is not retried).
  await mailbox();
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  if (opts.verify !== false) {
    const mail = await mailTo(creds.email, /Confirm your email address/);
    await page.goto(mail.link!);
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(page.getByText("Email address confirmed")).toBeVisible();
    await page.goto("/keys");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  }
  return creds;
}

/** Signs in through /sign-in; lands on `callbackUrl` (default /keys). */
export async function signIn(page: Page, creds: Credentials, callbackUrl = "/keys"): Promise<void> {
  await page.goto(callbackUrl === "/keys" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`**${callbackUrl}`);
}

export async function signOut(page: Page): Promise<void> {
  await page.goto("/sign-out");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in?signedOut=1");
}

/**
 * Creates an API key on /keys with exactly `scopes` and returns its full value
 * (read from the one-time reveal dialog, which it then closes).
 */
export async function createKeyViaUi(
  page: Page,
  scopes: string[],
  opts: { name?: string } = {},
): Promise<{ name: string; key: string }> {
  const name = opts.name ?? `e2e key ${randomUUID().slice(0, 6)}`;
  if (!page.url().endsWith("/keys")) await page.goto("/keys");
  await page.getByRole("button", { name: "Create key", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill(name);
  // Default selection is weather:read; set every scope box to the wanted state.
  for (const box of await dialog.getByRole("checkbox").all()) {
    const scope = await box.getAttribute("value");
    await box.setChecked(scopes.includes(scope ?? ""));
  }
  await dialog.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  const secret = reveal.locator("code[data-secret]");
  await expect(secret).toHaveText(/^svc_/);
  const key = (await secret.textContent())!.trim();
  await reveal.getByRole("button", { name: "I have stored it" }).click();
  await expect(reveal).toBeHidden();
  // Table row on desktop, card on phones: the row's revoke button exists in both.
  await expect(page.getByRole("button", { name: `Revoke ${name}` })).toBeVisible();
  return { name, key };
}

/** Revokes the key named `name` on /keys through the confirmation dialog. */
export async function revokeKeyViaUi(page: Page, name: string): Promise<void> {
  if (!page.url().endsWith("/keys")) await page.goto("/keys");
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
}

/** The server's Postgres when the run has one (E2E_DATABASE_URL); the admin CLI can only reach that one. */
export const e2eDbUrl = process.env.E2E_DATABASE_URL;

/** Plans (and the environment) change only through the operators' CLI, run against the server's Postgres. */
export function setPlanViaCli(email: string, plan: "starter" | "pro", environment?: "sandbox"): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "PGLITE_DIR")) as NodeJS.ProcessEnv;
  const args = [
    "tsx",
    "scripts/admin.ts",
    "set-plan",
    "--email",
    email,
    "--plan",
    plan,
    ...(environment ? ["--environment", environment] : []),
  ];
  const out = execFileSync("npx", args, { env: { ...env, DATABASE_URL: e2eDbUrl }, encoding: "utf8" });
  expect(out).toContain(`"plan":"${plan}"`);
}

/**
 * Full-page screenshot kept as a run artifact under test-results/screenshots/ (git-ignored), for a person
 * to look at; nothing asserts on it. E2E_SCREENSHOTS=0 skips them (CI: about 140 full-page PNGs a run,
 * rendered and encoded by the browser on a machine whose CPU the suite already fills).
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
};
