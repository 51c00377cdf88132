import { expect, test } from "@playwright/test";
import { createKeyViaUi, revokeKeyViaUi, signIn, signOut, signUp } from "./helpers";

test.describe("developer keys in the portal", () => {
  test("a key created in the UI works over HTTP until it is revoked in the UI", async ({ page, request }) => {
    await signUp(page);
    const { name, key } = await createKeyViaUi(page, ["weather:read"]);

    const ok = await request.get("/v1/weather/health", { headers: { authorization: `Bearer ${key}` } });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).data.status).toBeTruthy();

    await revokeKeyViaUi(page, name);

    const refused = await request.get("/v1/weather/health", { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthorized");
  });

  test("the portal requires a session, and sign-out ends it", async ({ page }) => {
    await page.goto("/keys");
    await page.waitForURL("**/sign-in");
    const creds = await signUp(page);
    await signOut(page);
    await page.goto("/tokens");
    await page.waitForURL("**/sign-in");
    await signIn(page, creds, "/tokens");
    await expect(page.getByRole("heading", { level: 1, name: "Access tokens" })).toBeVisible();
  });

  test("forms show inline field errors", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();

    await signUp(page);
    await page.getByRole("button", { name: "Create key", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByRole("checkbox", { name: "weather:read" }).uncheck();
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByText("Give the key a name")).toBeVisible();
    await expect(dialog.getByText("Choose at least one scope.")).toBeVisible();
  });
});
