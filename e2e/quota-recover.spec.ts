import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { createKeyViaUi, e2eDbUrl, signUp } from "./helpers";

// Issue 29 in the portal: the quota banner on every page at 80 %, and "Recover failed since…" on an
// endpoint's page. The cap is set with the operators' CLI, so it needs the server's Postgres.
const URL = "https://127.0.0.1:9/quota-hooks";

function capRequests(email: string, cap: number): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "PGLITE_DIR")) as NodeJS.ProcessEnv;
  const args = [
    "tsx",
    "scripts/admin.ts",
    "set-plan",
    "--email",
    email,
    "--plan",
    "starter",
    "--requests-per-month",
    String(cap),
  ];
  const out = execFileSync("npx", args, { env: { ...env, DATABASE_URL: e2eDbUrl }, encoding: "utf8" });
  expect(JSON.parse(out).limit_overrides).toMatchObject({ requests_per_month: cap });
}

test("quota banner on every page at 80 %; recover failed deliveries from an endpoint's page", async ({ page }) => {
  test.skip(!e2eDbUrl, "needs E2E_DATABASE_URL: the cap is set with the admin CLI against the server's Postgres");
  const creds = await signUp(page);
  capRequests(creds.email, 5);
  const { key } = await createKeyViaUi(page, ["weather:read"]);
  await expect(page.getByTestId("quota-banner")).toHaveCount(0);
  for (let i = 0; i < 4; i++) {
    const r = await page.request.get("/v1/weather/current?lat=48.85&lng=2.35", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(r.status()).toBe(200);
  }
  for (const path of ["/keys", "/webhooks", "/events"]) {
    await page.goto(path);
    const banner = page.getByTestId("quota-banner");
    await expect(banner).toContainText("Quota almost used");
    await expect(banner).toContainText("requests 4 of 5 (80 %)");
  }
  // The 80 % alert is in the event log.
  const events = await (await page.request.get("/v1/events?type=billing.quota_threshold_reached")).json();
  expect(events.data.events).toHaveLength(1);

  await page.goto("/webhooks");
  await page.getByRole("button", { name: "Add endpoint", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(URL);
  await form.getByRole("checkbox", { name: "billing.quota_threshold_reached" }).check();
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await page
    .getByRole("dialog", { name: "Endpoint created" })
    .getByRole("button", { name: "I have stored the secret" })
    .click();
  await page.getByRole("link", { name: URL }).click();
  const recover = page.getByRole("form", { name: "Recover failed deliveries" });
  await expect(recover.getByLabel("Recover failed since")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await recover.getByRole("button", { name: "Recover" }).click();
  await expect(page.getByText("No failed deliveries to recover in that window")).toBeVisible();
});
