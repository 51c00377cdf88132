import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { signUp } from "./helpers";

// Port 9 on loopback refuses connections; 127.0.0.1 is allowed by WEBHOOK_ALLOWED_HOSTS in the e2e server.
const HOOK = "https://127.0.0.1:9/hook";
const dbUrl = process.env.E2E_DATABASE_URL;

/**
 * Free accounts have 0 active watches and no API changes a plan, so the lifecycle
 * test moves the account to starter with the operators' CLI (`admin set-plan`).
 * That only reaches the server's database when it is Postgres (E2E_DATABASE_URL);
 * the default in-memory PGlite lives inside the server process.
 */
function setPlan(email: string, plan: "starter" | "pro"): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "PGLITE_DIR")) as NodeJS.ProcessEnv;
  const out = execFileSync("npx", ["tsx", "scripts/admin.ts", "set-plan", "--email", email, "--plan", plan], {
    env: { ...env, DATABASE_URL: dbUrl },
    encoding: "utf8",
  });
  expect(out).toContain(`"plan":"${plan}"`);
}

const pad = (n: number) => String(n).padStart(2, "0");
/** <input type="datetime-local"> value in local time (the browser shares this machine's zone). */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function fillWatchForm(page: Page, placeId: string): Promise<void> {
  await page.goto("/watches/new");
  await expect(page.getByRole("heading", { level: 1, name: "New watch" })).toBeVisible();
  await page.getByLabel("Place id (optional)").fill(placeId);
  await page.getByLabel("Latitude", { exact: true }).fill("38.7116");
  await page.getByLabel("Longitude", { exact: true }).fill("-9.13");
  await expect(page.getByRole("img", { name: /^Map; selected point at 38\.712, -9\.130/ })).toBeVisible();
  await page.getByLabel("Activity", { exact: true }).selectOption("hiking");
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setMinutes(0, 0, 0);
  await page.getByLabel("Starts", { exact: true }).fill(localInput(start));
  await page.getByLabel("Ends", { exact: true }).fill(localInput(new Date(start.getTime() + 6 * 3_600_000)));
  await page.getByLabel("Webhook URL").fill(HOOK);
}

test.describe("watches in the portal", () => {
  test("free plan: the empty list, the signing secret card, and a create refused with the plan reason", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/watches");
    await expect(page.getByRole("heading", { level: 1, name: "Watches" })).toBeVisible();
    await expect(page.getByText("No watches yet")).toBeVisible();

    const secret = page.locator("code[data-secret]");
    await expect(secret).toHaveCount(0);
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(secret).toHaveText(/^whsec_\S+$/);

    await fillWatchForm(page, `free-${randomUUID().slice(0, 6)}`);
    await page.getByRole("button", { name: "Create watch" }).click();
    const refused = page.getByRole("alert").filter({ hasText: "The watch was not created" });
    await expect(refused).toContainText("does not include watches");
    await expect(page).toHaveURL(/\/watches\/new$/);
  });

  test("create through the form, see it listed, pause, resume and cancel it", async ({ page }) => {
    if (!dbUrl) {
      const why =
        "needs E2E_DATABASE_URL: the plan change goes through `admin set-plan`, which cannot reach the server's in-memory PGlite";
      console.warn(`skipped: ${why}`);
      test.skip(true, why);
    }
    const { email } = await signUp(page);
    setPlan(email, "starter");

    const placeId = `e2e-lisbon-${randomUUID().slice(0, 6)}`;
    await fillWatchForm(page, placeId);
    await page.getByRole("button", { name: "Create watch" }).click();

    // Lands on the detail page of the new watch.
    await page.waitForURL(/\/watches\/[0-9a-f-]{36}$/);
    const watchUrl = page.url();
    const apiPath = `/v1/weather/watch/${watchUrl.split("/").pop()}`;
    const apiStatus = async () => (await (await page.request.get(apiPath)).json()).data.status as string;
    await expect(page.getByRole("heading", { level: 1, name: placeId })).toBeVisible();
    await expect(page.getByText(HOOK, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

    // Listed on /watches, active, with its coordinates; the link opens the detail page.
    await page.goto("/watches");
    const table = page.getByRole("table", { name: "Watches" });
    const row = table.getByRole("row").filter({ hasText: placeId });
    await expect(row).toContainText("hiking");
    await expect(row).toContainText("38.712, -9.130");
    await expect(row).toContainText("active");
    await row.getByRole("link", { name: placeId }).click();
    await page.waitForURL(watchUrl);
    await expect(page.getByRole("heading", { level: 1, name: placeId })).toBeVisible();

    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    await expect(page.getByText("paused", { exact: true })).toBeVisible();
    await expect.poll(apiStatus).toBe("paused");

    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(page.getByText("paused", { exact: true })).toHaveCount(0);
    await expect.poll(apiStatus).toBe("active");

    await page.getByRole("button", { name: "Cancel watch" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel this watch?" });
    await expect(confirm).toBeVisible();
    // Backing out keeps the watch live.
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("button", { name: "Cancel watch" }).click();
    await confirm.getByRole("button", { name: "Cancel watch" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Pause|Resume|Cancel watch)$/ })).toHaveCount(0);
    await expect.poll(apiStatus).toBe("cancelled");

    await page.goto("/watches");
    await page.getByLabel("Filter by status").selectOption("cancelled");
    await expect(table.getByRole("row").filter({ hasText: placeId })).toContainText("cancelled");
  });
});
