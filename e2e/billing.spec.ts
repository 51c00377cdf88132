import { expect, test } from "@playwright/test";
import { createKeyViaUi, signUp } from "./helpers";

// Usage page and API playground in a real browser against `next start`.
test.describe("usage and API playground", () => {
  test("the usage page shows the plan, a meter per dimension and the rules at the cap", async ({ page }) => {
    await signUp(page);
    await page.goto("/usage");
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    await expect(page.getByText("free", { exact: true })).toBeVisible();
    await expect(page.getByRole("meter", { name: "Requests" })).toHaveAttribute(
      "aria-valuetext",
      "0 of 1000 used, 1000 left",
    );
    await expect(page.getByRole("meter", { name: "Route calls" })).toHaveAttribute("aria-valuetext", "not included");
    await expect(page.getByRole("heading", { name: "What happens at the cap" })).toBeVisible();
  });

  test("a playground call with a key picked by name: bill shown first, our headers only, 402 explained before sending", async ({
    page,
  }) => {
    await signUp(page);
    const { name } = await createKeyViaUi(page, ["weather:read", "weather:route"]);
    await page.goto("/playground");
    await expect(page.getByRole("heading", { level: 1, name: "API playground" })).toBeVisible();
    const picker = page.getByLabel("Key", { exact: true });
    await expect(picker.locator("option", { hasText: name })).toHaveCount(1);
    // No key value to paste anywhere: the only key is chosen already and named as the one billed.
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(page.getByText(`Billed to ${name}`).first()).toBeVisible();
    await expect(page.getByTestId("preflight")).toContainText("This call bills 1 unit");
    await page.getByRole("button", { name: "Run current call" }).click();
    const response = page.getByTestId("playground-response");
    await expect(response.getByText("HTTP 200")).toBeVisible();
    await expect(response.getByText("x-ratelimit-remaining")).toBeVisible();
    await expect(response.getByText("x-powered-by")).toHaveCount(0);
    await expect(response.getByText("Risk", { exact: true })).toBeVisible();
    await expect(page.getByTestId("playground-history").getByRole("button")).toHaveCount(1);
    await expect(page.getByText("Copy as curl")).toBeVisible();

    // Free plan: the route call is explained before it is sent (plan table), then refused with 402 in words.
    await page.getByRole("tab", { name: "Route" }).click();
    const preflight = page.getByTestId("preflight");
    await expect(preflight).toContainText("Your free plan does not include route calls");
    await expect(preflight.getByTestId("plan-table")).toContainText("your plan");
    await page.getByRole("button", { name: "Send anyway (to see the refusal)" }).click();
    await expect(response.getByText("HTTP 402")).toBeVisible();
    await expect(response.getByText("Your plan does not include this call")).toBeVisible();
    await expect(response.getByText("billing_limit_reached").first()).toBeVisible();
    await page.goto("/usage");
    await expect(page.getByRole("meter", { name: "Requests" })).toHaveAttribute(
      "aria-valuetext",
      "1 of 1000 used, 999 left",
    );
  });
});
