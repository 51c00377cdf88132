import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { screenshot, signUp } from "./helpers";
import { casaDoChiado, createZurichLisbonTrip, lisbon } from "./trip-itinerary";

// Issue 42 item 3: the trip's weather agrees with itself. Each day lists where the traveller is
// (a travel day both ends, each with its own risk), the map fits the chosen day, and places that
// overlap at the trip's zoom are one cluster with a count that expands when chosen.
const WIDTHS = [
  { label: "1440", width: 1440, height: 1000 },
  { label: "390", width: 390, height: 844 },
] as const;
const SHOTS = process.env.H42S_SHOTS;

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

for (const vp of WIDTHS) {
  test(`trip weather at ${vp.label} px: days by place, a map that fits the day, clusters that expand`, async ({
    page,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signUp(page);
    const origin = { origin: baseURL! };
    const trip = {
      trip_id: await createZurichLisbonTrip(page.request, origin, "Lisbon days", [
        casaDoChiado(),
        {
          type: "food",
          title: "Dinner in the Baixa",
          location: "Rua das Flores 103, Lisboa",
          startDateTime: lisbon(1, 20),
          endDateTime: lisbon(1, 22),
        },
        {
          type: "activity",
          title: "Tram 28",
          location: "Largo da Graça, Lisboa",
          startDateTime: lisbon(2, 10),
          endDateTime: lisbon(2, 12),
        },
        {
          type: "activity",
          title: "Fado in Alfama",
          location: "Alfama, Lisboa",
          startDateTime: lisbon(2, 20),
          endDateTime: lisbon(2, 22),
        },
      ]),
    };
    await page.goto(`/trips/${trip.trip_id}`);
    const days = page.getByTestId("forecast-day");
    await expect(days.first()).toBeVisible();

    // The travel day leads with Lisbon (where the traveller spends it, its headline judged there, with
    // Lisbon's own risk words); Zürich's departure is its own line. The next day is Lisbon's alone.
    const travel = days.nth(0);
    await expect(travel.getByTestId("day-main-place")).toContainText(
      /Lisbon.*: (low risk|watch|warning|no forecast yet)/,
    );
    const others = travel.getByTestId("day-place");
    await expect(others).toHaveCount(1);
    await expect(others).toContainText(/Z[uü]rich.*\(departure\): (low risk|watch|warning|no forecast yet)/);
    await expect(days.nth(1).getByTestId("day-main-place")).toContainText("Lisbon");
    await expect(days.nth(1).getByTestId("day-place")).toHaveCount(0);

    // Whole trip: Zürich alone, the five Lisbon places one cluster of 5.
    const map = page.getByTestId("trip-map");
    await expect(map).toHaveAttribute("data-view", "trip");
    await expect(map.getByTestId("map-dot")).toHaveCount(1);
    const cluster = map.getByTestId("map-cluster");
    await expect(cluster).toHaveText("5");
    await shot(page, `trip-weather-places-trip-${vp.label}`);
    // Choosing the cluster zooms to its places: no longer one blob.
    await cluster.click();
    await expect(map).toHaveAttribute("data-view", "cluster");
    await expect(map.getByTestId("map-dot").filter({ hasText: "(departure)" })).toHaveCount(0); // Zürich is out of view
    await expect(map.getByTestId("map-dot").filter({ hasText: "(arrival)" })).toHaveCount(1);
    // The hotel, the dinner, the tram and the fado resolve to one spot in Lisbon: that cluster fans out.
    const spot = map.getByTestId("map-cluster");
    await expect(spot).toHaveText("4");
    await spot.click();
    await expect(map.getByTestId("map-fan")).toBeVisible();
    await expect(map.getByTestId("map-dot")).toHaveCount(5);
    await shot(page, `trip-weather-places-cluster-${vp.label}`);

    // Choosing a day fits the map to that day's places.
    await page
      .getByRole("button", { name: /show this day on the map/ })
      .nth(1)
      .click();
    await expect(map).toHaveAttribute("data-view", /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId("map-view")).toContainText("Showing the places of");
    await expect(map.getByTestId("map-dot").or(map.getByTestId("map-cluster")).first()).toBeVisible();
    await expectAccessible(page, `trip weather by place ${vp.label}px`);
    await shot(page, `trip-weather-places-day-${vp.label}`);
    await page.getByRole("button", { name: "Show the whole trip" }).click();
    await expect(map).toHaveAttribute("data-view", "trip");
    // Keyboard: the cluster is a button.
    await cluster.focus();
    await page.keyboard.press("Enter");
    await expect(map).toHaveAttribute("data-view", "cluster");
    expect(errors).toEqual([]);
  });
}
