import { expect, test } from "@playwright/test";
import { createKeyViaUi, signUp } from "./helpers";

// Usage page and API playground in a real browser against `next start`.
test.describe("usage and API playground", () => {
  test("the usage page shows the plan, a meter per dimension and the rules at the cap", async ({ page }) => {
    await signUp(page);
    await page.goto("/usage");
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    await expect(page.getByText("free", { exact: true })).toBeVisible();
    await expect(page.getByRole("meter", { name: "Requests" })).toHaveAttribute("aria-valuetext", "0 of 1000 used, 1000 left");
    await expect(page.getByRole("meter", { name: "Route calls" })).toHaveAttribute("aria-valuetext", "not included");
    await expect(page.getByRole("heading", { name: "What happens at the cap" })).toBeVisible();
  });

  test("a playground call with a pasted key shows the response and headers, and counts toward usage", async ({ page }) => {
    await signUp(page);
    const { name, key } = await createKeyViaUi(page, ["weather:read", "weather:route"]);
    await page.goto("/playground");
    await expect(page.getByRole("heading", { level: 1, name: "API playground" })).toBeVisible();
    const picker = page.getByLabel("Key", { exact: true });
    await expect(picker.locator("option", { hasText: name })).toHaveCount(1);
    await picker.selectOption({ index: 1 });

    // A value that is not the chosen key is refused before any call.
    await page.getByLabel("Key value").fill("svc_notTheRightKey000000000000000");
    await page.getByRole("button", { name: "Run current call" }).click();
    await expect(page.getByText(`That is not the key "${name}"`)).toBeVisible();

    await page.getByLabel("Key value").fill(key);
    await page.getByRole("button", { name: "Run current call" }).click();
    const response = page.getByTestId("playground-response");
    await expect(response.getByText("HTTP 200")).toBeVisible();
    await expect(response.getByText("x-ratelimit-remaining")).toBeVisible();
    await expect(response.getByText("Risk", { exact: true })).toBeVisible();

    // Free plan: route calls are not included -> 402 shown as the response.
    await page.getByRole("tab", { name: "Route" }).click();
    await page.getByRole("button", { name: "Run route call" }).click();
    await expect(response.getByText("HTTP 402")).toBeVisible();
    await expect(response.getByText(/billing_limit_reached/).first()).toBeVisible();

    await page.goto("/usage");
    await expect(page.getByRole("meter", { name: "Requests" })).toHaveAttribute("aria-valuetext", "1 of 1000 used, 999 left");
  });
});
