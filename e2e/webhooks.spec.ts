import { expect, test } from "@playwright/test";
import { signUp } from "./helpers";

// Port 9 on loopback refuses connections: the test delivery fails fast and is recorded.
const URL = "https://127.0.0.1:9/hooks";

test.describe("webhooks in the portal", () => {
  test("create (secret once + recipe), send a test event, see the attempt, disable", async ({ page }) => {
    await signUp(page);
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    await page.getByRole("button", { name: "Add endpoint", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await form.getByRole("button", { name: "Create endpoint" }).click();
    await expect(form.getByText("Enter an https:// URL")).toBeVisible();
    await form.getByLabel("Endpoint URL").fill(URL);
    await form.getByLabel("Description").fill("e2e receiver");
    await form.getByRole("checkbox", { name: "weather.watch_expired" }).check();
    await form.getByRole("button", { name: "Create endpoint" }).click();

    const created = page.getByRole("dialog", { name: "Endpoint created" });
    await expect(created.locator("[data-secret]")).toHaveText(/^whsec_[0-9a-f]{32}$/);
    await created.getByRole("tab", { name: "X-Service (Python)" }).click();
    await expect(created.getByText("hmac.compare_digest", { exact: false })).toBeVisible();
    await created.getByRole("button", { name: "I have stored the secret" }).click();

    const link = page.getByRole("link", { name: URL });
    await expect(link).toBeVisible();
    const listed = await page.request.get("/v1/webhooks");
    const body = await listed.json();
    expect(body.data.webhooks[0]).toMatchObject({ url: URL, status: "active", description: "e2e receiver" });
    expect(body.data.webhooks[0].secret).toBeUndefined();

    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event sent")).toBeVisible();
    await expect(page.getByText(/Delivery failed/)).toBeVisible();
    const attempts = page.getByRole("table", { name: "Delivery attempts" });
    await expect(attempts.getByText("failed (test event, not retried)")).toBeVisible();

    await page.getByRole("button", { name: "Disable", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Disable this endpoint?" })
      .getByRole("button", { name: "Disable endpoint" })
      .click();
    await expect(page.getByText("This endpoint is disabled")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
  });
});
