import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { newCredentials, screenshot, signIn, signOut, signUp } from "./helpers";
import { casaDoChiado, createZurichLisbonTrip, lisbon } from "./trip-itinerary";

/** A wall time as the portal shows it (the browser's locale is Playwright's default, en-US). */
const hm = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Lisbon" }).format(
    new Date(iso),
  );

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe("trip weather in the portal", () => {
  test("forecast strip, risk badges and the map; a viewer sees them too; desktop and phone width", async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = await signUp(page);
    const tokenRes = await page.request.post("/api/developer/tokens", {
      data: { name: "e2e" },
      headers: { origin: baseURL! },
    });
    const token = (await tokenRes.json()).token as string;
    const auth = { authorization: `Bearer ${token}` };
    const trip = {
      trip_id: await createZurichLisbonTrip(request, auth, "Lisbon with Sintra", [
        casaDoChiado(),
        {
          type: "activity",
          title: "Sintra day trip",
          location: "Sintra day trip",
          startDateTime: lisbon(2, 9),
          endDateTime: lisbon(2, 17),
        },
        {
          type: "food",
          title: "Dinner in the Baixa",
          location: "Rua das Flores 103, Lisboa",
          startDateTime: lisbon(2, 20),
          endDateTime: lisbon(2, 22),
        },
      ]),
    };

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/trips/${trip.trip_id}`);
    const strip = page.getByTestId("forecast-strip");
    await expect(strip.getByTestId("forecast-day")).toHaveCount(3);
    await expect(strip.getByTestId("forecast-day").first()).toContainText(/°C/);
    await expect(strip.getByTestId("best-window").first()).toContainText(/Best outdoors|No dry daylight window/);
    // The flight has two places; at the whole trip's zoom the four around Lisbon are one cluster of 4 (issue 42 item 3).
    await expect(page.getByTestId("map-dot")).toHaveCount(1);
    await expect(page.getByTestId("map-cluster")).toHaveText("4");
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
    const add = await request.post(`/v1/trips/${trip.trip_id}/members`, {
      headers: auth,
      data: { email: viewer.email, role: "viewer" },
    });
    expect(add.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/trips/${trip.trip_id}`);
    await expect(page.getByTestId("forecast-day")).toHaveCount(3);
    await expect(page.getByTestId("risk-badge")).toHaveCount(4);
    // Issue 42 item 8: three 160 px days overflow a phone; the strip is a focus stop and the arrow
    // keys scroll it (axe's scrollable-region-focusable was serious here).
    const phoneStrip = page.getByTestId("forecast-strip");
    expect(await phoneStrip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    await phoneStrip.focus();
    await expect(phoneStrip).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => phoneStrip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page, "trip weather (390, strip scrolled)");
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

  test("a planner-style proposal moves an event: reason, before/after with risk, ranked options; a viewer cannot accept; the owner accepts at desktop and phone width", async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = await signUp(page);
    const tokenRes = await page.request.post("/api/developer/tokens", {
      data: { name: "e2e" },
      headers: { origin: baseURL! },
    });
    const auth = { authorization: `Bearer ${(await tokenRes.json()).token as string}` };
    const trip = await (
      await request.post("/v1/trips", {
        headers: auth,
        data: { name: "Sintra in the rain", time_zone: "Europe/Lisbon" },
      })
    ).json();
    const events = [
      {
        type: "activity",
        title: "Sintra day trip",
        location: "Sintra day trip",
        startDateTime: lisbon(2, 10),
        endDateTime: lisbon(2, 15),
      },
      {
        type: "food",
        title: "Dinner in the Baixa",
        location: "Rua das Flores 103, Lisboa",
        startDateTime: lisbon(2, 20),
        endDateTime: lisbon(2, 22),
      },
    ];
    const ids: number[] = [];
    for (const [i, payload] of events.entries()) {
      const r = await request.post(`/v1/trips/${trip.trip_id}/ops`, {
        headers: auth,
        data: { base_revision: i, type: "add_event", payload },
      });
      expect(r.status()).toBe(200);
      ids.push((await r.json()).result.affected_event_ids[0]);
    }
    const [sintra, dinner] = ids;
    // What the weather planner raises (issue 33): changes to an existing event bound to a revision, ranked, each with its reason and forecast.
    const window = (
      id: number,
      role: "current" | "proposed",
      start: string,
      end: string,
      level: "low" | "watch" | "warning",
      reasons: string[],
    ) => ({ role, event_id: id, start, end, risk_level: level, reasons });
    const move = (
      id: number,
      id2: string,
      score: number,
      label: string,
      reason: string,
      from: [string, string],
      to: [string, string],
      before: "watch" | "warning",
      after: "low" | "watch",
    ) => ({
      id: id2,
      score,
      label,
      reason,
      changes: [{ type: "move_event", event_id: id, startDateTime: to[0], endDateTime: to[1] }],
      forecast: {
        windows: [
          window(id, "current", from[0], from[1], before, ["thunderstorm"]),
          window(id, "proposed", to[0], to[1], after, []),
        ],
        hours: [],
      },
    });
    const propose = async (base: number, subject: number, options: unknown[]) => {
      const r = await request.post(`/v1/trips/${trip.trip_id}/proposals`, {
        headers: auth,
        data: { actor_agent_id: "e2e-weather-agent", base_revision: base, subject_event_id: subject, options },
      });
      expect(r.status(), await r.text()).toBe(201);
    };
    await propose(2, sintra, [
      move(
        sintra,
        "next-day",
        0.92,
        "Next morning",
        "thunderstorm 8 mm/h 10:00-15:00; dry the next morning",
        [lisbon(2, 10), lisbon(2, 15)],
        [lisbon(3, 9), lisbon(3, 14)],
        "warning",
        "low",
      ),
      move(
        sintra,
        "late",
        0.61,
        "Later the same day",
        "storm clears by 16:00",
        [lisbon(2, 10), lisbon(2, 15)],
        [lisbon(2, 16), lisbon(2, 19)],
        "warning",
        "watch",
      ),
    ]);

    // A viewer at phone width sees the reason, the before/after and the ranked options, and cannot accept.
    await signOut(page);
    const viewer = await signUp(page, newCredentials("viewer"));
    expect(
      (
        await request.post(`/v1/trips/${trip.trip_id}/members`, {
          headers: auth,
          data: { email: viewer.email, role: "viewer" },
        })
      ).status(),
    ).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/trips/${trip.trip_id}`);
    const card = page.getByTestId("proposal");
    await expect(card.getByTestId("proposal-reason")).toContainText("thunderstorm 8 mm/h");
    const change = card.getByTestId("proposal-change");
    await expect(change).toContainText("Sintra day trip");
    await expect(change.getByTestId("risk-before")).toHaveAttribute("data-level", "warning");
    await expect(change.getByTestId("risk-after")).toHaveAttribute("data-level", "low");
    await expect(card.getByTestId("proposal-option")).toHaveCount(2);
    await expect(card.getByRole("button", { name: /Accept/ })).toHaveCount(0);
    await expect(card).toContainText("Only the trip’s owner, planners and editors can accept");
    await noSideways(page);
    await screenshot(page, "trip-proposal-viewer-390");
    await signOut(page);

    // The owner at desktop width accepts the top option: the event moves, the revision goes up by one.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, owner, `/trips/${trip.trip_id}`);
    await expect(card.getByTestId("proposal-change").getByTestId("risk-after")).toHaveAttribute("data-level", "low");
    await screenshot(page, "trip-proposal-1440");
    await card.getByRole("button", { name: /Accept option Next morning/ }).click();
    await expect(card).toContainText("1 change applied");
    const sintraRow = page.getByTestId("itinerary-event").filter({ hasText: "Sintra day trip" });
    await expect(sintraRow).toContainText(hm(lisbon(3, 9)));
    const it = await (await request.get(`/v1/trips/${trip.trip_id}/itinerary`, { headers: auth })).json();
    expect(it.revision).toBe(3);
    expect(new Date(it.events.find((e: { id: number }) => e.id === sintra).startDateTime).getTime()).toBe(
      new Date(lisbon(3, 9)).getTime(),
    );
    await screenshot(page, "trip-proposal-accepted-1440");

    // At phone width: a second proposal (the dinner, made at the new revision) accepted by tap.
    await propose(3, dinner, [
      move(
        dinner,
        "early",
        0.8,
        "Earlier dinner",
        "gusts 70 km/h after 20:00",
        [lisbon(2, 20), lisbon(2, 22)],
        [lisbon(2, 18), lisbon(2, 20)],
        "watch",
        "low",
      ),
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const pending = page.getByTestId("proposal").filter({ hasText: "gusts 70 km/h" });
    await expect(pending.getByTestId("change-after")).toContainText(hm(lisbon(2, 18)));
    await noSideways(page);
    await screenshot(page, "trip-proposal-390");
    await pending.getByRole("button", { name: /Accept/ }).click();
    await expect(pending).toContainText("1 change applied");
    await expect(page.getByTestId("itinerary-event").filter({ hasText: "Dinner in the Baixa" })).toContainText(
      hm(lisbon(2, 18)),
    );
    await noSideways(page);
  });
});
