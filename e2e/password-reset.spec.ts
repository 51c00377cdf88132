import { expect, test, type Page } from "@playwright/test";
import { mailTo } from "./mailbox";
import { newCredentials, signIn, signOut, signUp } from "./helpers";

/**
 * Issue 30: forgot password -> the mail arrives at a real SMTP server (e2e/mailbox.ts; the server
 * runs with SMTP_URL pointing at it) -> reset from its link -> sign in with the new password; the
 * old password and a second use of the link are refused with a clear message. Desktop and phone.
 */
const VIEWPORTS = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

async function noHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const [label, viewport] of VIEWPORTS) {
  test(`forgot password -> mail -> reset -> sign in with the new password (${label})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const creds = await signUp(page, newCredentials(`reset-${label}`));
    await signOut(page);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await noHorizontalScroll(page);
    await page.getByLabel("Email").fill(creds.email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByText("Check your email")).toBeVisible();

    const mail = await mailTo(creds.email, /Reset your Skycast password/);
    expect(mail.text).toContain("one hour");
    expect(mail.html).toContain("Choose a new password");
    expect(mail.link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);

    await page.goto(mail.link!);
    await noHorizontalScroll(page);
    const newPassword = `new-${creds.password}`;
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Password changed")).toBeVisible();

    // The link worked once.
    await page.goto(mail.link!);
    await page.getByLabel("New password").fill("another-password-123");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(creds.email);
    await page.getByLabel("Password").fill(creds.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Email or password is incorrect." })).toBeVisible();
    await signIn(page, { email: creds.email, password: newPassword });
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

    // An unknown address gets the same answer.
    const unknown = await request.post("/api/auth/password-reset", { data: { email: `nobody-${label}@example.test` } });
    const known = await request.post("/api/auth/password-reset", { data: { email: creds.email } });
    expect([unknown.status(), known.status()]).toEqual([202, 202]);
    expect(await unknown.json()).toEqual(await known.json());
  });
}

test("a password reset signs out the other sessions at once", async ({ browser }) => {
  const a = await browser.newPage();
  const creds = await signUp(a);
  const b = await browser.newPage();
  await signIn(b, creds);
  await a.goto("/sign-out");
  await a.getByRole("button", { name: "Sign out" }).click();
  await a.waitForURL(/\/sign-in/);
  await a.goto("/forgot-password");
  await a.getByLabel("Email").fill(creds.email);
  await a.getByRole("button", { name: "Email me a reset link" }).click();
  const mail = await mailTo(creds.email, /Reset your Skycast password/);
  await a.goto(mail.link!);
  await a.getByLabel("New password").fill(`changed-${creds.password}`);
  await a.getByRole("button", { name: "Set new password" }).click();
  await expect(a.getByText("Password changed")).toBeVisible();
  // The other browser's next page load is signed out.
  await b.goto("/keys");
  await b.waitForURL("**/sign-in**");
});
