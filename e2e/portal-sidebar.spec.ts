import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp } from "./helpers";

/*
 * The portal's navigation scrolls when the window is too short for it (at 1440x900 the last group,
 * Docs, sat below the fold with nothing showing there was more): a "More below" cue shows while
 * links lie under the bottom edge, and goes once the last link is in view.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png` });

/** The cue shows while `last` (the area's last element) is under the fold, and goes once it is scrolled into view. */
async function expectCueUntilInView(area: Locator, last: Locator) {
  await expect(area.getByTestId("nav-more")).toBeVisible();
  await expect(last).not.toBeInViewport({ ratio: 1 });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(area.getByTestId("nav-more")).toHaveCount(0);
}

test.describe("portal sidebar, desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("shows a cue while links lie below the fold, none once the last is in view", async ({ page }) => {
    await signUp(page, undefined, { verify: false });
    const sidebar = page.locator("aside");
    const last = sidebar.getByRole("link", { name: "API reference" });
    await shot(page, "sidebar-1440x900");
    const fits = await sidebar.getByTestId("nav-scroll").evaluate((el) => el.scrollHeight <= el.clientHeight + 4);
    if (!fits) {
      await expectCueUntilInView(sidebar, last);
      await shot(page, "sidebar-1440x900-scrolled");
    }
    await expect(last).toBeInViewport({ ratio: 1 });
    // A window short enough that the navigation cannot fit, whatever its spacing.
    await page.setViewportSize({ width: 1440, height: 560 });
    await sidebar.getByTestId("nav-scroll").evaluate((el) => el.scrollTo({ top: 0 }));
    await expectCueUntilInView(sidebar, last);
  });
});

test.describe("portal menu, phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open menu scrolls inside the screen down to its last link and the account box", async ({ page }) => {
    await signUp(page, undefined, { verify: false });
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await shot(page, "menu-390x844");
    // Below the last link comes the account box: the cue stays until its sign-out button is in view.
    await expect(menu.getByRole("link", { name: "API reference" })).not.toBeInViewport({ ratio: 1 });
    await expectCueUntilInView(menu, menu.getByRole("button", { name: "Sign out" }));
    await shot(page, "menu-390x844-scrolled");
  });
});
