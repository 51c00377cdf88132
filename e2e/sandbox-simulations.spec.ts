import { expect, test } from "@playwright/test";
import { startReceiver, type Receiver } from "../lib/webhooks/testing/https-receiver";
import { verifyWebhook } from "../lib/webhooks/verify";
import { expectAccessible } from "./a11y";
import { e2eDbUrl, screenshot, setPlanViaCli, signUp } from "./helpers";

// Sandbox: inject weather from the Simulations page, list and delete injections, and
// "fire my watches now" so a real signed watch event reaches a local HTTPS receiver.
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;
const ALL_CONDITIONS = [
  "Rain",
  "Heavy rain",
  "Strong gusts",
  "Heat",
  "Snow",
  "Fog",
  "Thunderstorm",
  "Severe weather alert",
  "Freezing rain",
];

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver();
});
test.afterAll(async () => rx.close());
// Injections change the simulated weather of their cell for every sandbox account; one a failed
// run left behind would be the next run's baseline, so each test removes its own whatever happened.
test.afterEach(async ({ page, baseURL }) => {
  const res = await page.request.get("/v1/weather/simulations");
  if (!res.ok()) return;
  for (const s of (await res.json()).data.simulations as Array<{ simulation_id: string }>) {
    await page.request.delete(`/v1/weather/simulations/${s.simulation_id}`, { headers: { origin: baseURL! } });
  }
});

for (const vp of WIDTHS) {
  test(`sandbox at ${vp.label} px: inject freezing rain, fire my watches, the signed event arrives within 10 s, delete the injection`, async ({
    page,
    baseURL,
  }) => {
    test.skip(
      !e2eDbUrl,
      "needs E2E_DATABASE_URL: watches need the starter plan, set with the admin CLI against the server's Postgres",
    );
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const creds = await signUp(page);
    setPlanViaCli(creds.email, "starter");

    // A production account creates its sandbox from the portal (environment switch, confirmed).
    await page.goto("/simulations");
    await expect(page.getByTestId("sandbox-banner")).toHaveCount(0);
    await page.getByRole("button", { name: "Switch to sandbox" }).click();
    const confirm = page.getByRole("dialog", { name: "Switch this account to sandbox?" });
    await confirm.getByRole("button", { name: "Switch to sandbox" }).click();
    await expect(page.getByTestId("sandbox-banner")).toBeVisible();
    await expect(page.getByTestId("environment-switch")).toContainText("This account is a sandbox");

    // A watch over Lisbon whose webhook is the local HTTPS receiver.
    const hookPath = `/sandbox-${vp.label}-${Date.now()}`;
    const now = Date.now();
    const created = await page.request.post("/v1/weather/watch", {
      headers: { origin: baseURL! },
      data: {
        target_type: "place",
        target_ref: { place_id: "plc_lisbon_santa_luzia", name: "Lisbon, Miradouro de Santa Luzia" },
        latitude: 38.7116,
        longitude: -9.13,
        place_type: "viewpoint",
        activity_type: "walking_tour",
        outdoor: true,
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + 6 * 3600_000).toISOString(),
        webhook_url: rx.url(hookPath),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const watchId = (await created.json()).data.watch_id as string;

    await page.goto("/simulations");
    await expect(page.getByTestId("sandbox-banner")).toBeVisible();
    const options = await page.getByLabel("Conditions").locator("option").allTextContents();
    for (const c of ALL_CONDITIONS) expect(options).toContain(c);

    // The watch's first refresh (due at creation) sets the baseline the injected weather is compared with.
    await expect
      .poll(async () => (await (await page.request.get(`/v1/weather/watch/${watchId}`)).json()).data.last_checked_at, {
        timeout: 15_000,
      })
      .not.toBeNull();
    // With its defaults the form is over that watch: its place, the rest of its window (issue 32).
    await expect(page.getByLabel("Latitude")).toHaveValue("38.7116");
    await expect(page.getByLabel("Longitude")).toHaveValue("-9.13");
    await page.getByLabel("Conditions").selectOption("freezing_rain");
    await page.getByRole("button", { name: "Inject conditions" }).click();
    const list = page.getByTestId("injections");
    const row = list.getByRole("listitem").filter({ hasText: "Freezing rain" });
    await expect(row).toContainText("Lisbon, Miradouro de Santa Luzia");

    // One click: every active watch re-checks the simulated weather and its webhook gets a signed event.
    const before = rx.requests.length;
    const clicked = Date.now();
    await page.getByRole("button", { name: "Fire my watches now" }).click();
    await expect(page.getByTestId("fire-result")).toContainText("1 watch fired", { timeout: 10_000 });
    // The report lists what the fire caused: each event with its deliveries (issue 42 item 5).
    await expect(page.getByTestId("fire-caused")).toContainText(/weather\.\w+ · \d+ deliver/);
    await expect
      .poll(() => rx.requests.slice(before).some((r) => r.url === hookPath), {
        timeout: 10_000 - (Date.now() - clicked),
      })
      .toBe(true);
    const got = rx.requests.slice(before).find((r) => r.url === hookPath)!;
    expect(got.receivedAt - clicked).toBeLessThan(10_000);
    console.log(`sandbox ${vp.label}px: click -> signed event at the receiver in ${got.receivedAt - clicked} ms`);
    const envelope = JSON.parse(got.rawBody);
    expect(envelope.data).toMatchObject({ watch_id: watchId });
    expect(envelope.type).toMatch(/^weather\./);
    expect(got.headers["x-service-event-id"]).toBe(envelope.id);
    const secretRes = await (await page.request.get("/api/developer/watch-signing-secret")).json();
    const secret = (secretRes.data?.secret ?? secretRes.secret) as string;
    const headers = new Headers(Object.entries(got.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    expect(verifyWebhook(got.rawBody, headers, secret)).toBe(true);
    await screenshot(page, `sandbox-fired-${vp.label}`);
    await expectAccessible(page, `simulations after firing ${vp.label}px`);

    // The watch's page shows what its webhook got: the change the injection caused, linked to the event.
    const types = rx.requests
      .slice(before)
      .filter((r) => r.url === hookPath)
      .map((r) => JSON.parse(r.rawBody).type as string);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/v1/events?watch_id=${watchId}&type=weather.change_detected`)).json()).data
            .events.length,
        {
          message: `a weather.change_detected event for the watch (its webhook got: ${types.join(", ")})`,
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    await page.goto(`/watches/${watchId}`);
    const delivered = page.locator("section").filter({ has: page.getByRole("heading", { name: "Delivered events" }) });
    await expect(delivered.getByRole("link", { name: "weather.change_detected" }).first()).toBeVisible({
      timeout: 30_000,
    });
    await screenshot(page, `sandbox-watch-page-${vp.label}`);
    await page.goto("/simulations");

    // The injection is listed from the API (it survives a reload) and can be deleted.
    await page.reload();
    await expect(list.getByRole("listitem").filter({ hasText: "Freezing rain" })).toHaveCount(1);
    await list.getByRole("button", { name: /^Delete Freezing rain at / }).click();
    await expect(page.getByText("Nothing injected yet.")).toBeVisible();
    await screenshot(page, `sandbox-deleted-${vp.label}`);
  });
}
