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

  for (const [label, viewport] of [
    ["1440", { width: 1440, height: 900 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    test(`the show-once key dialog at ${label} px: the README's first call, copied whole, answers; Escape asks before losing the key`, async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signUp(page);
      await page.getByRole("button", { name: "Create key", exact: true }).first().click();
      const form = page.getByRole("dialog", { name: "Create an API key" });
      await form.getByLabel("Name").fill("first call");
      await form.getByRole("button", { name: "Create key" }).click();
      const reveal = page.getByRole("dialog", { name: "Your new API key" });
      const key = (await reveal.locator("code[data-secret]").textContent())!.trim();
      const curl = reveal.locator("pre", { hasText: "curl" });
      await expect(curl).toContainText(`/v1/weather/current?lat=48.85&lng=2.35`);
      await expect(curl).toContainText(key);
      const copies = reveal.getByRole("button", { name: "Copy" });
      await expect(copies).toHaveCount(2); // the key, and the curl beside it
      // Copy the curl as a user would, and run exactly what landed on the clipboard.
      await copies.nth(1).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("curl ");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const auth = /-H "Authorization: (Bearer [^"]+)"/.exec(copied)?.[1];
      const url = /"(https?:\/\/[^"]+)"\s*$/.exec(copied)?.[1];
      expect(auth, copied).toBe(`Bearer ${key}`);
      expect(url, copied).toMatch(/\/v1\/weather\/current\?lat=48\.85&lng=2\.35$/);
      const res = await request.get(url!, { headers: { authorization: auth! } });
      expect(res.status()).toBe(200);
      expect((await res.json()).data.current).toBeTruthy();

      await page.keyboard.press("Escape");
      await expect(reveal.getByRole("alert")).toContainText("Close without storing the key?");
      await reveal.getByRole("button", { name: "Keep it open" }).click();
      await expect(reveal.getByRole("alert")).toHaveCount(0);
      await expect(reveal.locator("code[data-secret]")).toHaveText(key);
      await page.keyboard.press("Escape");
      await reveal.getByRole("button", { name: "Close without storing" }).click();
      await expect(reveal).toBeHidden();
    });
  }

  test("sign-in: a refused attempt puts the cursor back in the password, which can be shown", async ({ page }) => {
    const creds = await signUp(page);
    await signOut(page);
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(creds.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "text");
    await expect(page.getByLabel("Password")).toHaveValue("not the password");
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

test.describe("auth forms before the page's script runs", () => {
  test.use({ javaScriptEnabled: false });
  for (const [path, button] of [
    ["/sign-in", "Sign in"],
    ["/sign-up", "Create account"],
  ] as const) {
    test(`${path}: a submit posts; the password never lands in the URL (history, access logs)`, async ({ page }) => {
      await page.goto(path);
      await page.getByLabel("Email").fill("someone@example.test");
      await page.getByLabel("Password", { exact: true }).fill("secret-password-123");
      const nav = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
      await page.getByRole("button", { name: button, exact: true }).click();
      const sent = await nav;
      expect(sent.method()).toBe("POST");
      expect(sent.url()).not.toContain("secret-password-123");
    });
  }
});
