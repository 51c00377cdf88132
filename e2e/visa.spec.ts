import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { signUp } from "./helpers";

test.describe("visa keys in the portal", () => {
  test("a visa key created in the UI works, shows this hour's use, and is refused once revoked", async ({
    page,
    request,
  }) => {
    await signUp(page);
    await page.getByRole("link", { name: "Visa API keys" }).click();
    await page.waitForURL("**/visa");
    await expect(page.getByRole("heading", { level: 1, name: "Visa API keys" })).toBeVisible();

    const name = `e2e visa ${randomUUID().slice(0, 6)}`;
    await page.getByRole("button", { name: "Create visa key", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a visa key" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create key" }).click();
    const reveal = page.getByRole("dialog", { name: "Your new visa key" });
    const secret = reveal.locator("code[data-secret]");
    await expect(secret).toHaveText(/^vik_/);
    const key = (await secret.textContent())!.trim();
    await reveal.getByRole("button", { name: "I have stored it" }).click();

    const body = { nationality: "US", destination: "FR", purpose: "tourism" };
    const ok = await request.post("/v1/visa/check", { headers: { "x-visa-intel-key": key }, data: body });
    expect(ok.status()).toBe(200);
    expect(ok.headers()["x-ratelimit-limit"]).toBe("1000");
    expect(ok.headers()["x-ratelimit-remaining"]).toBe("999");

    await page.reload();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("1 / 1,000")).toBeVisible();

    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Revoke “${name}”?` });
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    const refused = await request.post("/v1/visa/check", { headers: { "x-visa-intel-key": key }, data: body });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe("unauthorized");
  });
});
