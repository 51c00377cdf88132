import { expect, test, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { newCredentials, screenshot, signIn, signOut, signUp } from "./helpers";

/** Lisbon wall time `days` from today (inside the simulated provider's horizon). */
const lisbon = (days: number, hh: number, mm = 0) =>
  DateTime.now().setZone("Europe/Lisbon").startOf("day").plus({ days, hours: hh, minutes: mm }).toISO({ suppressMilliseconds: true })!;

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe("trip weather in the portal", () => {
  test("forecast strip, risk badges and the map; a viewer sees them too; desktop and phone width", async ({ page, request, baseURL }) => {
    const owner = await signUp(page);
    const tokenRes = await page.request.post("/api/developer/tokens", { data: { name: "e2e" }, headers: { origin: baseURL! } });
    const token = (await tokenRes.json()).token as string;
    const auth = { authorization: `Bearer ${token}` };
    const trip = await (await request.post("/v1/trips", { headers: auth, data: { name: "Lisbon with Sintra", time_zone: "Europe/Lisbon" } })).json();
    const events = [
      { type: "flight", title: "Zurich → Lisbon", departureAirport: "ZRH", arrivalAirport: "LIS", startDateTime: DateTime.now().setZone("Europe/Zurich").startOf("day").plus({ days: 1, hours: 7, minutes: 5 }).toISO(), endDateTime: lisbon(1, 8, 50), timeZone: "Europe/Zurich" },
      { type: "accommodation", title: "Casa do Chiado", address: "Rua Garrett 120, 1200-205 Lisboa", startDateTime: lisbon(1, 15), endDateTime: lisbon(3, 11) },
      { type: "activity", title: "Sintra day trip", location: "Sintra day trip", startDateTime: lisbon(2, 9), endDateTime: lisbon(2, 17) },
      { type: "food", title: "Dinner in the Baixa", location: "Rua das Flores 103, Lisboa", startDateTime: lisbon(2, 20), endDateTime: lisbon(2, 22) },
    ];
    for (const [i, payload] of events.entries()) {
      const r = await request.post(`/v1/trips/${trip.trip_id}/ops`, { headers: auth, data: { base_revision: i, type: "add_event", payload } });
      expect(r.status()).toBe(200);
    }

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/trips/${trip.trip_id}`);
    const strip = page.getByTestId("forecast-strip");
    await expect(strip.getByTestId("forecast-day")).toHaveCount(3);
    await expect(strip.getByTestId("forecast-day").first()).toContainText(/°C/);
    await expect(strip.getByTestId("best-window").first()).toContainText(/Best outdoors|No dry daylight window/);
    await expect(page.getByTestId("map-dot")).toHaveCount(5); // the flight has two places
    await expect(page.getByTestId("base-map").first()).toHaveAttribute("data-loaded", "true");
    const badges = page.getByTestId("risk-badge");
    await expect(badges).toHaveCount(4);
    // Hover shows the reasons and the recommendation (or that nothing is forecast).
    const sintra = page.getByTestId("itinerary-event").filter({ hasText: "Sintra day trip" });
    await sintra.getByTestId("risk-badge").getByRole("button").hover();
    await expect(sintra.getByRole("tooltip")).toBeVisible();
    await expect(sintra.getByRole("tooltip")).toContainText(/for sightseeing/);
    await screenshot(page, "trip-weather-1440");

    // A viewer sees the same.
    const viewer = newCredentials("viewer");
    await signOut(page);
    await signUp(page, viewer);
    const add = await request.post(`/v1/trips/${trip.trip_id}/members`, { headers: auth, data: { email: viewer.email, role: "viewer" } });
    expect(add.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/trips/${trip.trip_id}`);
    await expect(page.getByTestId("forecast-day")).toHaveCount(3);
    await expect(page.getByTestId("risk-badge")).toHaveCount(4);
    // Tap toggles the details (no hover on phones).
    const dinner = page.getByTestId("itinerary-event").filter({ hasText: "Dinner in the Baixa" });
    await dinner.getByTestId("risk-badge").getByRole("button").click();
    await expect(dinner.getByTestId("risk-badge").getByRole("button")).toHaveAttribute("aria-expanded", "true");
    await expect(dinner.getByRole("tooltip")).toBeVisible();
    await noSideways(page);
    await screenshot(page, "trip-weather-390");
    await signOut(page);
    await signIn(page, owner, `/trips/${trip.trip_id}`);
  });
});
