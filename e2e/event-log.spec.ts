import { expect, test, type Page } from "@playwright/test";
import { startReceiver, type Receiver } from "../lib/webhooks/testing/https-receiver";
import { signUp } from "./helpers";

// Port 9 on loopback refuses connections: the first delivery fails fast and is recorded.
const BROKEN = "https://127.0.0.1:9/hooks";

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver();
});
test.afterAll(async () => rx.close());

async function debugFlow(page: Page) {
  await signUp(page);
  await page.goto("/webhooks");
  await page.getByRole("button", { name: "Add endpoint", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(BROKEN);
  await form.getByRole("checkbox", { name: "weather.watch_expired" }).check();
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await page
    .getByRole("dialog", { name: "Endpoint created" })
    .getByRole("button", { name: "I have stored the secret" })
    .click();
  await page.getByRole("link", { name: BROKEN }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();

  // A test event of a chosen type.
  await page.getByLabel("Test event type").selectOption("weather.change_detected");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText(/Delivery failed/)).toBeVisible();
  const endpointUrl = page.url();
  await page.getByRole("link", { name: "Open the event" }).click();

  // The event: payload, headers, the failed attempt.
  await expect(page.getByRole("heading", { level: 1, name: "weather.change_detected" })).toBeVisible();
  await expect(page.getByText('"test": true')).toBeVisible();
  const timeline = page.getByRole("list", { name: "Attempt timeline" });
  await expect(timeline.getByText("giving up")).toBeVisible();
  await timeline.getByRole("button", { name: "Details" }).first().click();
  await expect(page.getByText(/x-service-signature: [0-9a-f]{64}/)).toBeVisible();
  await expect(page.getByText("Request body (as sent)")).toBeVisible();
  const eventUrl = page.url();
  const eventId = eventUrl.split("/").pop()!;

  // Fix the endpoint's url, then resend.
  await page.goto(endpointUrl);
  const edit = page.getByRole("form", { name: "Edit endpoint" });
  await edit.getByLabel("Endpoint URL").fill(rx.url("/fixed"));
  await edit.getByRole("checkbox", { name: "weather.change_detected" }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Saved.")).toBeVisible();
  await page.goto(eventUrl);
  const before = rx.requests.length;
  await page.getByRole("button", { name: "Resend", exact: true }).click();
  await expect(page.getByText(/Resent to Endpoint .*: delivered \(HTTP 200\)/)).toBeVisible();
  expect(rx.requests.length).toBe(before + 1);
  expect(rx.requests.at(-1)!.headers["x-service-event-id"]).toBe(eventId);
  await expect(timeline.getByText("delivered")).toBeVisible();

  // Look up a failed request by its id.
  const failed = await page.request.get("/v1/webhooks/7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11");
  expect(failed.status()).toBe(404);
  const requestId = failed.headers()["x-request-id"];
  await page.goto(`/requests?request_id=${requestId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Request log" })).toBeVisible();
  const details = page.getByLabel(`Request ${requestId}`);
  await expect(details).toBeVisible();
  await expect(details.getByText("404 (not_found)")).toBeVisible();
}

test.describe("event log and request log", () => {
  test("test event of a chosen type → event → failed attempt → fix url → resend → delivered; request by id", async ({
    page,
  }) => {
    await debugFlow(page);
  });

  test("the same at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await debugFlow(page);
    // The action column stays reachable without scrolling the page sideways.
    await page.goto("/events");
    await expect(page.getByRole("link", { name: "weather.change_detected" }).first()).toBeInViewport();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
