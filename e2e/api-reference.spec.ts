import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { createKeyViaUi, screenshot, signUp } from "./helpers";

/**
 * The API reference (issue 32): /docs and its tag pages at desktop and phone width. The first load
 * stays under its transfer budget (the figure is printed with its largest resources), warm server
 * times are printed (no wall-clock assertion), search finds operations and schema fields, long
 * sections load on demand, and "try it" runs a call as one of the user's keys.
 */
const FIRST_LOAD_BUDGET = 300_000;

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error") problems.push(`console.error: ${text}`);
    else if (/hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  return problems;
}

async function noSideways(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** Bytes on the wire (headers + encoded body) of the document and every resource of the first load. */
async function firstLoad(page: Page, path: string): Promise<{ total: number; rows: Array<[string, number]> }> {
  const rows: Array<[string, number]> = [];
  const onFinished = async (req: import("@playwright/test").Request) => {
    const s = await req.sizes();
    rows.push([new URL(req.url()).pathname, s.responseHeadersSize + s.responseBodySize]);
  };
  page.on("requestfinished", onFinished);
  await page.goto(path, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  page.off("requestfinished", onFinished);
  return { total: rows.reduce((n, [, b]) => n + b, 0), rows: rows.sort((a, b) => b[1] - a[1]) };
}

/** Median and max of `n` sequential warm GETs, measured from the test process (loopback). */
async function warmTimes(page: Page, path: string, n = 20): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const started = performance.now();
    const res = await page.request.get(path);
    await res.body();
    if (i >= 3) times.push(performance.now() - started);
    expect(res.status()).toBe(200);
  }
  times.sort((a, b) => a - b);
  return `median ${times[Math.floor(n / 2)].toFixed(1)} ms, p95 ${times[Math.ceil(n * 0.95) - 1].toFixed(1)} ms, max ${times[n - 1].toFixed(1)} ms`;
}

for (const vp of [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const) {
  test.describe(`API reference at ${vp.label} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("first load under 300 KB; search finds operations and fields; sections load on demand", async ({ page }) => {
      const problems = watchProblems(page);
      const load = await firstLoad(page, "/docs");
      const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
      console.log(
        `/docs first load at ${vp.label}px: ${kb(load.total)} in ${load.rows.length} requests; largest: ${load.rows
          .slice(0, 5)
          .map(([p, b]) => `${p} ${kb(b)}`)
          .join(", ")}`,
      );
      expect(load.total).toBeLessThan(FIRST_LOAD_BUDGET);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await noSideways(page, "/docs");
      await screenshot(page, `docs-overview-${vp.label}`);
      await expectAccessible(page, `/docs ${vp.label}px`);
      if (vp.label === "1440") {
        console.log(`warm GET /docs: ${await warmTimes(page, "/docs")}`);
        console.log(`warm GET /docs/weather: ${await warmTimes(page, "/docs/weather")}`);
        console.log(
          `warm GET /docs/schemas/weather.getCurrent: ${await warmTimes(page, "/docs/schemas/weather.getCurrent")}`,
        );
      }

      // Search: an operation by a word of its id, then a schema field by its name.
      const search = page.getByRole("searchbox", { name: "Search the API" });
      await search.fill("current");
      const results = page.getByRole("list", { name: "Search results" });
      const op = results.getByRole("link").filter({ hasText: "weather.getCurrent" });
      await expect(op).toBeVisible();
      await noSideways(page, "/docs with search results");
      await expectAccessible(page, `/docs search results ${vp.label}px`);
      await op.click();
      await page.waitForURL("**/docs/weather#get-v1-weather-current");
      await expect(
        page.getByRole("heading", { level: 3, name: "Current weather, alerts and risk for a coordinate" }),
      ).toBeInViewport();

      await page.getByRole("searchbox", { name: "Search the API" }).fill("precipitation_probability");
      const field = page
        .getByRole("list", { name: "Search results" })
        .getByRole("link")
        .filter({ hasText: /\.precipitation_probability(?![a-z_])/ })
        .first();
      await expect(field).toBeVisible();
      await field.click();
      const hit = page.locator('[data-field-path$=".precipitation_probability"]').first();
      await expect(hit).toBeVisible();
      await expect(hit).toHaveClass(/bg-amber-50/);
      await noSideways(page, "a tag page with a field opened from search");
      await screenshot(page, `docs-field-hit-${vp.label}`);

      // A collapsed response opens and loads its fields on demand.
      await page.goto("/docs/weather");
      const current = page.locator("#get-v1-weather-current");
      await current.locator("#get-v1-weather-current-200 > summary").click();
      await expect(current.locator('[data-field-path="data"]')).toBeVisible();
      await current.locator("#get-v1-weather-current-example > summary").click();
      await expect(current.getByText('"geohash": "u09tv"')).toBeVisible();
      await noSideways(page, "/docs/weather with sections open");
      await screenshot(page, `docs-weather-${vp.label}`);
      await expectAccessible(page, `/docs/weather with sections open ${vp.label}px`);
      expect(problems).toEqual([]);
    });

    test("try it: signed out it asks to sign in; signed in it runs the call as one of your keys", async ({ page }) => {
      const problems = watchProblems(page);
      await page.goto("/docs/weather");
      const current = page.locator("#get-v1-weather-current");
      await current.getByRole("button", { name: "Try it" }).click();
      await expect(current.getByText("to try this call with one of your API keys")).toBeVisible();

      await signUp(page);
      const { name } = await createKeyViaUi(page, ["weather:read"]);
      await page.goto("/docs/weather#get-v1-weather-current");
      await current.getByRole("button", { name: "Try it" }).click();
      const form = current.getByRole("form", { name: "Try it" });
      await expect(form.getByLabel("Key", { exact: true })).toHaveValue(/\d+/);
      await expect(form.getByText(`Billed to ${name}`)).toBeVisible();
      await expect(form.getByLabel("lat")).toHaveValue("48.8566");
      await form.getByRole("button", { name: "Send request" }).click();
      const response = form.getByTestId("playground-response");
      await expect(response.getByText("HTTP 200")).toBeVisible();
      await expect(response.getByText("Billed to " + name)).toBeVisible();
      await noSideways(page, "try it with a response");
      await screenshot(page, `docs-try-it-${vp.label}`);
      await expectAccessible(page, `try it ${vp.label}px`);
      expect(problems).toEqual([]);
    });
  });
}
