import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { createKeyViaUi, screenshot, signUp } from "./helpers";

const noOverflow = async (page: Page, what: string) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: horizontal overflow`).toBeLessThanOrEqual(1);
};

// Issue 32 (Build 3 and keys): the request log says why a call failed, hides the portal's own
// reads, filters by key; the key's page charts its usage and rolls or renames it.
for (const [label, viewport] of [
  ["1440", { width: 1440, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const) {
  test.describe(`request log and key page (${label} px)`, () => {
    test.use({ viewport });

    test("a failed call shows its error code and message; portal reads are hidden until asked; the key's page charts, renames and rolls it", async ({
      page,
      request,
    }) => {
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error" || /hydrat/i.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
      });
      await signUp(page);
      const { name, key } = await createKeyViaUi(page, ["weather:read"]);
      const auth = { authorization: `Bearer ${key}` };
      expect((await request.get("/v1/weather/current?lat=48.85&lng=2.35", { headers: auth })).status()).toBe(200);
      const refused = await request.get("/v1/webhooks", { headers: auth });
      expect(refused.status()).toBe(403);
      const message = (await refused.json()).error.message as string;

      await page.goto("/requests");
      const table = page.getByRole("table", { name: "Logged requests" });
      await expect(table.getByText("insufficient_scope")).toBeVisible({ timeout: 15_000 });
      await expect(table.getByText(message)).toBeVisible();
      // The portal's own reads (this page's polling among them) are not listed by default…
      // (the portal's writes, like creating the key above, are the user's own actions and stay listed)
      // (on a phone each cell carries its column's name: "Source Portal")
      const portalRows = table.getByRole("row").filter({ has: page.getByRole("cell", { name: /^(Source )?Portal$/ }) });
      const portalReads = portalRows.filter({ hasText: "GET /" });
      await expect(portalReads).toHaveCount(0);
      await expect(portalRows.filter({ hasText: "POST /api/developer/keys" })).toHaveCount(1);
      await expect(table.getByText("API", { exact: true }).first()).toBeVisible();
      // The path wraps only after a slash, never inside a segment (at 390 px it read "GET /v1/we bhook s" beside the message).
      const splitWords = await table
        .locator('span[title="GET /v1/webhooks"]')
        .first()
        .evaluate((el) => {
          const split: string[] = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(n);
            if (n.textContent?.trim() && range.getClientRects().length > 1) split.push(n.textContent);
          }
          return split;
        });
      expect(splitWords, "path segments broken across lines").toEqual([]);
      await screenshot(page, `request-log-${label}`);
      await expectAccessible(page, `request log (${label})`);
      await noOverflow(page, "request log");
      // …until the toggle shows them.
      await page.getByLabel("Show the portal's own reads").check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(portalReads.first()).toBeVisible({ timeout: 15_000 });

      // The key's page: usage by day, then filter the log by it from there.
      await page.goto("/keys");
      await page.getByRole("link", { name }).first().click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(/Last 7 days: 2 requests/)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("img", { name: /Requests, billing units and errors per day/ })).toBeVisible();
      await screenshot(page, `key-page-${label}`);
      await expectAccessible(page, `key page (${label})`);
      await noOverflow(page, "key page");

      await page.getByRole("textbox", { name: "Name" }).fill(`${name} renamed`);
      await page.getByRole("button", { name: "Rename" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `${name} renamed` })).toBeVisible();

      await page.getByRole("button", { name: "Roll key" }).click();
      const dialog = page.getByRole("dialog", { name: /^Roll/ });
      await dialog.getByLabel("Old key keeps working for").selectOption("1");
      await dialog.getByRole("button", { name: "Roll key" }).click();
      const reveal = page.getByRole("dialog", { name: "Your rolled API key" });
      const fresh = (await reveal.locator("code[data-secret]").textContent())!.trim();
      expect(fresh).toMatch(/^svc_/);
      await screenshot(page, `key-roll-${label}`);
      await noOverflow(page, "roll dialog");
      // Both secrets work during the grace period.
      expect((await request.get("/v1/weather/health", { headers: auth })).status()).toBe(200);
      expect(
        (await request.get("/v1/weather/health", { headers: { authorization: `Bearer ${fresh}` } })).status(),
      ).toBe(200);
      await reveal.getByRole("button", { name: "I have stored it" }).click();
      await expect(page).toHaveURL(/\/keys\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: `${name} renamed` })).toBeVisible();

      await page.getByRole("link", { name: "This key's requests" }).click();
      await expect(page).toHaveURL(/\/requests\?key_id=\d+/);
      await expect(page.getByRole("heading", { level: 1, name: "Request log" })).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}
