import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { startReceiver, type Receiver } from "../lib/webhooks/testing/https-receiver";
import { expectAccessible } from "./a11y";
import { e2eDbUrl, screenshot, setPlanViaCli, signUp } from "./helpers";
import { createZurichLisbonTrip, lisbon } from "./trip-itinerary";

// Issue 42 item 5: the sandbox tests a trip. A trip watch's events are offered as places and
// windows, the place search knows the trips' gazetteer (Sintra), and "Fire" lists everything the
// fire caused: the events with their deliveries and the weather planner's proposal.
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;
const SHOTS = process.env.H42S_SHOTS;

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver();
});
test.afterAll(async () => rx.close());
test.afterEach(async ({ page, baseURL }) => {
  const res = await page.request.get("/v1/weather/simulations");
  if (!res.ok()) return;
  for (const s of (await res.json()).data.simulations as Array<{ simulation_id: string }>) {
    await page.request.delete(`/v1/weather/simulations/${s.simulation_id}`, { headers: { origin: baseURL! } });
  }
});

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

for (const vp of WIDTHS) {
  test(`sandbox at ${vp.label} px: a trip event's weather is fired and the report lists its events, deliveries and the planner's proposal`, async ({
    page,
    baseURL,
  }) => {
    test.skip(!e2eDbUrl, "needs E2E_DATABASE_URL: trip watches need the starter plan, set with the admin CLI");
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const creds = await signUp(page);
    setPlanViaCli(creds.email, "starter", "sandbox");
    const origin = { origin: baseURL! };

    // A trip: the flight from Zürich, then a hike in Sintra (the event the sandbox should aim at).
    const trip = {
      trip_id: await createZurichLisbonTrip(page.request, origin, "Sintra test", [
        {
          type: "activity",
          title: "Sintra hike",
          activityType: "hiking",
          location: "Sintra",
          startDateTime: lisbon(2, 10),
          endDateTime: lisbon(2, 15),
        },
      ]),
    };
    const hookPath = `/trip-${vp.label}-${Date.now()}`;
    const created = await page.request.post("/v1/weather/watch", {
      headers: origin,
      data: { target_type: "trip", target_ref: { trip_id: trip.trip_id }, webhook_url: rx.url(hookPath) },
    });
    expect(created.status(), await created.text()).toBe(201);
    const watchId = (await created.json()).data.watch_id as string;
    await expect
      .poll(async () => (await (await page.request.get(`/v1/weather/watch/${watchId}`)).json()).data.last_checked_at, {
        timeout: 15_000,
      })
      .not.toBeNull();

    await page.goto("/simulations");
    // The form starts on the hike (its place and window), not on Zürich's airport over the whole trip.
    const pick = page.getByLabel("Trip event");
    await expect(pick.locator("option:checked")).toContainText("Sintra hike · Sintra");
    await expect(pick.locator("option")).toContainText([/Zurich → Lisbon · departure/, /Zurich → Lisbon · arrival/]);
    await expect(page.getByLabel("Latitude")).toHaveValue(/^38\.8/);
    const hikeStart = DateTime.fromISO(lisbon(2, 10)).toLocal().toFormat("yyyy-LL-dd'T'HH:mm");
    await expect(page.getByLabel("Starts")).toHaveValue(hikeStart);

    // The place search knows the towns trips resolve (the built-in list has no Sintra).
    await page.getByLabel("Search a place").fill("Cascai");
    await expect(page.getByRole("list", { name: "Matching places" })).toContainText("Cascais, Portugal");
    await page.getByLabel("Search a place").fill("");
    await shot(page, `sandbox-trip-form-${vp.label}`);

    await page.getByLabel("Conditions").selectOption("thunderstorm");
    await page.getByRole("button", { name: "Inject conditions" }).click();
    await expect(
      page.getByTestId("injections").getByRole("listitem").filter({ hasText: "Thunderstorm" }),
    ).toContainText("Sintra hike · Sintra");

    await page.getByRole("button", { name: "Fire my watches now" }).click();
    const caused = page.getByTestId("fire-caused");
    await expect(caused).toBeVisible({ timeout: 15_000 });
    await expect(caused).toContainText(/· \d+ deliver/);
    await expect(caused).toContainText(`proposal on trip ${trip.trip_id}`);
    // The summary names the change events, not only the refresh.
    const report = (await page.getByTestId("fire-result").textContent()) ?? "";
    expect(report).not.toMatch(/fired: weather\.snapshot_refreshed\./);
    // What the report lists is what happened: the proposal exists, the webhook got the events.
    const proposals = await (await page.request.get(`/v1/trips/${trip.trip_id}/proposals`)).json();
    const raised = (proposals.proposals ?? proposals.data?.proposals ?? proposals) as Array<{ actor_agent_id: string }>;
    expect(raised.some((p) => p.actor_agent_id === "skycast-weather-planner")).toBe(true);
    await expect.poll(() => rx.requests.some((r) => r.url === hookPath), { timeout: 10_000 }).toBe(true);
    await shot(page, `sandbox-trip-fired-${vp.label}`);
    await expectAccessible(page, `sandbox trip fired ${vp.label}px`);
    expect(errors).toEqual([]);
  });
}
