import { expect, test } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { createKeyViaUi, signUp } from "./helpers";

// axe-core over every portal-foundation page, at desktop and phone width.
for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`accessibility (${label})`, () => {
    test.use({ viewport });

    test("public pages: landing, sign-in, sign-up with errors, API reference", async ({ page }) => {
      await page.goto("/");
      await expectAccessible(page, "landing");
      await page.goto("/sign-in");
      await expectAccessible(page, "sign-in");
      await page.goto("/sign-up");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Enter a valid email address.")).toBeVisible();
      await expectAccessible(page, "sign-up with errors");
      await page.goto("/docs");
      await expectAccessible(page, "API reference");
    });

    test("portal pages: keys (empty, create dialog, list), tokens", async ({ page }) => {
      await signUp(page);
      await expectAccessible(page, "keys (empty)");
      if (label === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Portal" })).toBeVisible();
        await expectAccessible(page, "phone menu");
        await page.getByRole("button", { name: "Close menu" }).click();
      }
      await page.getByRole("button", { name: "Create key", exact: true }).first().click();
      await expect(page.getByRole("dialog", { name: "Create an API key" })).toBeVisible();
      await expectAccessible(page, "create key dialog");
      await page.getByRole("button", { name: "Cancel" }).click();
      await createKeyViaUi(page, ["weather:read", "read"]);
      await expectAccessible(page, "keys (list)");
      await page.goto("/tokens");
      await expect(page.getByText("No access tokens yet")).toBeVisible();
      await expectAccessible(page, "tokens");
    });
  });
}
