import { expect, test } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { createKeyViaUi, e2eDbUrl, screenshot, setPlanViaCli, signUp } from "./helpers";

// The portal's daily paths (issue 13) at desktop and phone width, with screenshots
// saved under test-results/ as run artifacts (not committed).
const dbUrl = e2eDbUrl;
const HOOK = "https://127.0.0.1:9/hook";
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;

const shot = screenshot;
const setPlan = setPlanViaCli;

for (const vp of WIDTHS) {
  test.describe(`daily paths at ${vp.label} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("playground: a free-plan route call is explained before it is sent", async ({ page }) => {
      await signUp(page);
      await createKeyViaUi(page, ["weather:read", "weather:route"]);
      await page.goto("/playground");
      await page.getByRole("tab", { name: "Route" }).click();
      await expect(page.getByTestId("preflight")).toContainText("Your free plan does not include route calls");
      await expect(page.getByTestId("preflight")).toContainText("starter plan and above include it");
      await shot(page, `playground-route-free-${vp.label}`);
      await expectAccessible(page, `playground, free route preflight, ${vp.label}px`);
    });

    test("playground: a route call with a key picked by name draws the route over coastlines", async ({ page }) => {
      test.skip(!dbUrl, "needs E2E_DATABASE_URL: the plan is changed with the admin CLI against the server's Postgres");
      const creds = await signUp(page);
      setPlan(creds.email, "starter");
      const { name } = await createKeyViaUi(page, ["weather:route"]);
      await page.goto("/playground");
      await page.getByRole("tab", { name: "Route" }).click();
      await expect(page.getByLabel("Key", { exact: true })).toHaveValue(/\d+/);
      await expect(page.getByTestId("preflight")).toContainText(`to ${name}`);
      await page.getByRole("button", { name: "Run route call" }).click();
      const response = page.getByTestId("playground-response");
      await expect(response.getByText("HTTP 200")).toBeVisible();
      const map = response.getByTestId("route-map");
      await expect(map.getByTestId("base-map")).toHaveAttribute("data-loaded", "true");
      await expect(map.getByTestId("coastlines").locator("path").first()).toHaveAttribute("d", /^M/);
      const segments = map.getByTestId("route-segment");
      expect(await segments.count()).toBeGreaterThan(1);
      await segments.first().hover();
      await expect(response.getByTestId("segment-detail")).toContainText("Segment 0");
      await expect(response.getByRole("list", { name: "Risk legend" })).toContainText("Warning");
      await shot(page, `playground-route-map-${vp.label}`);
      await expectAccessible(page, `playground route response ${vp.label}px`);
    });

    test("watches: a watch created from the map picker keeps its place name", async ({ page }) => {
      test.skip(!dbUrl, "needs E2E_DATABASE_URL: watches need the starter plan, set with the admin CLI");
      const creds = await signUp(page);
      setPlan(creds.email, "starter");
      await page.goto("/watches/new");
      // An empty submit lists every missing field at once, in plain words, next to each field.
      await page.getByRole("button", { name: "Create watch" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "The watch was not created" })).toContainText(
        "fields need attention",
      );
      await expect(page.getByText("Choose a place: search, click the map, or type the latitude.")).toBeVisible();
      await expect(page.getByText("Enter the HTTPS URL that receives the events.")).toBeVisible();
      await expect(page.getByText(/expected number/)).toHaveCount(0);
      await shot(page, `watch-form-errors-${vp.label}`);

      await page.getByLabel("Search a place").fill("lisbon");
      await page.getByRole("button", { name: /Lisbon, Miradouro de Santa Luzia/ }).click();
      await expect(page.getByLabel("Latitude", { exact: true })).toHaveValue("38.7116");
      await expect(page.getByRole("img", { name: /selected Lisbon, Miradouro de Santa Luzia/ })).toBeVisible();
      await expect(page.getByTestId("base-map").first()).toHaveAttribute("data-loaded", "true");
      // Clicking the map moves the point (and drops the name, which described the old point)...
      await page
        .getByTestId("base-map")
        .first()
        .click({ position: { x: 40, y: 40 } });
      await expect(page.getByLabel("Place name (optional)")).toHaveValue("");
      // ...choosing the place again restores it.
      await page.getByLabel("Search a place").fill("santa luzia");
      await page.getByRole("button", { name: /Lisbon, Miradouro de Santa Luzia/ }).click();
      await page.getByLabel("Webhook URL").fill(HOOK);
      // Fixed fields lose their errors as they are fixed; the alert counts what is left.
      await expect(page.getByText("Choose a place: search, click the map, or type the latitude.")).toHaveCount(0);
      await expect(page.getByText("Enter the HTTPS URL that receives the events.")).toHaveCount(0);
      await shot(page, `watch-picker-${vp.label}`);
      await expectAccessible(page, `new watch with picker ${vp.label}px`);
      await page.getByRole("button", { name: "Create watch" }).click();
      await expect(page).toHaveURL(/\/watches\/[0-9a-f-]+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Lisbon, Miradouro de Santa Luzia" })).toBeVisible();
      await shot(page, `watch-detail-${vp.label}`);
    });

    test("sandbox: a banner on every page and a simulation injected from the map", async ({ page }) => {
      test.skip(
        !dbUrl,
        "needs E2E_DATABASE_URL: the environment is changed with the admin CLI against the server's Postgres",
      );
      const creds = await signUp(page);
      setPlan(creds.email, "starter", "sandbox");
      await page.goto("/keys");
      await expect(page.getByTestId("sandbox-banner")).toBeVisible();
      await page.goto("/simulations");
      await expect(page.getByTestId("sandbox-banner")).toBeVisible();
      // The environment switch renders only once the client has loaded the account: the page is
      // hydrated, so typing is not reset by hydration (seen once at 390 px in CI).
      await expect(page.getByTestId("environment-switch")).toBeVisible();
      await page.getByLabel("Search a place").fill("lisbon");
      await page.getByRole("button", { name: /Lisbon, Miradouro de Santa Luzia/ }).click();
      await page.getByLabel("Conditions").selectOption("thunderstorm");
      await page.getByRole("button", { name: "Inject conditions" }).click();
      await expect(page.getByTestId("injections")).toContainText("Thunderstorm");
      await expect(page.getByTestId("injections")).toContainText("Lisbon, Miradouro de Santa Luzia");
      await shot(page, `simulations-${vp.label}`);
      await expectAccessible(page, `simulations ${vp.label}px`);
    });

    test("trips: add, move and remove events in the UI; a stale edit is rebased without losing the typing", async ({
      page,
      baseURL,
    }) => {
      await signUp(page);
      await page.goto("/trips");
      await page
        .getByRole("button", { name: /New trip|Create your first trip/ })
        .first()
        .click();
      const create = page.getByRole("dialog", { name: "Create a trip" });
      await create.getByLabel("Name").fill("Lisbon long weekend");
      await create.getByLabel("Time zone").fill("Europe/Lisbon");
      await create.getByLabel("Start date").fill("2026-05-01");
      await create.getByLabel("Currency").fill("GBP");
      await create.getByRole("button", { name: "Create trip" }).click();
      await page.waitForURL(/\/trips\/\d+$/);
      const tripId = Number(new URL(page.url()).pathname.split("/").pop());
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Trips");

      // Add a flight: the IATA codes are checked before anything is sent.
      await page.getByRole("button", { name: "Add event" }).click();
      const add = page.getByRole("dialog", { name: "Add an event" });
      await add.getByLabel("Type").selectOption("flight");
      await add.getByLabel("Title").fill("Flight home");
      await add.getByLabel("From (IATA)").fill("LI");
      await add.getByLabel("To (IATA)").fill("LHR");
      await add.getByRole("button", { name: "Add event" }).click();
      await expect(add.getByText("Use the 3-letter IATA airport code, e.g. LIS or LHR.")).toBeVisible();
      await add.getByLabel("From (IATA)").fill("lis");
      await add.getByLabel("Cost").fill("120");
      await add.getByRole("button", { name: "Add event" }).click();
      await expect(add).toBeHidden();
      const events = page.getByTestId("itinerary-event");
      await expect(events.filter({ hasText: "Flight home" })).toContainText("LIS → LHR");
      // Costs in the trip's ISO 4217 currency (Intl.NumberFormat).
      await expect(events.filter({ hasText: "Flight home" })).toContainText("£120");

      // Add a second event, then move it to the next day by editing its date.
      await page.getByRole("button", { name: "Add event" }).click();
      await add.getByLabel("Title").fill("Tram 28");
      await add.getByRole("button", { name: "Add event" }).click();
      await expect(add).toBeHidden();
      await expect(events).toHaveCount(2);
      await page.getByRole("button", { name: "Edit Tram 28" }).click();
      const edit = page.getByRole("dialog", { name: /Edit/ });
      await edit.getByLabel("Date").fill("2026-05-02");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole("heading", { name: /May 2|2 May/ })).toBeVisible();

      // Stale edit: someone else adds an event while the editor is open; the save is rebased, the typing kept.
      await page.getByRole("button", { name: "Edit Flight home" }).click();
      await edit.getByLabel("Notes").fill("Seat 12A, bag drop at 07:00");
      const trip = await (await page.request.get(`/v1/trips/${tripId}/itinerary`)).json();
      const other = await page.request.post(`/v1/trips/${tripId}/ops`, {
        headers: { origin: baseURL! },
        data: {
          base_revision: trip.revision,
          type: "add_event",
          payload: { type: "food", title: "Dinner at Ramiro", startDateTime: "2026-05-01T20:00:00" },
        },
      });
      expect(other.status()).toBe(200);
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByTestId("rebased")).toContainText("Dinner at Ramiro");
      await expect(events.filter({ hasText: "Flight home" })).toContainText("Seat 12A, bag drop at 07:00");
      await shot(page, `trip-edited-${vp.label}`);

      // Move within the day: the keyboard path ("earlier" button), then drag and drop back.
      const day1 = events.filter({ hasText: /Flight home|Dinner at Ramiro/ });
      await expect(day1.first()).toContainText("Flight home");
      await page.getByRole("button", { name: "Move Dinner at Ramiro earlier in the day" }).click();
      await expect(day1.first()).toContainText("Dinner at Ramiro");
      await expect(page.getByText("Moved “Dinner at Ramiro”.")).toBeVisible();
      await shot(page, `trip-moved-${vp.label}`);
      await events.filter({ hasText: "Flight home" }).dragTo(events.filter({ hasText: "Dinner at Ramiro" }));
      await expect(day1.first()).toContainText("Flight home");

      // Remove asks first.
      await page.getByRole("button", { name: "Edit Tram 28" }).click();
      await edit.getByRole("button", { name: "Remove event" }).click();
      const confirm = page.getByRole("dialog", { name: 'Remove "Tram 28"?' });
      await expect(confirm).toBeVisible();
      await shot(page, `trip-remove-confirm-${vp.label}`);
      await confirm.getByRole("button", { name: "Remove event" }).click();
      await expect(events.filter({ hasText: "Tram 28" })).toHaveCount(0);
      // Undo brings it back (toasts stack without overlapping, also at 390 px).
      const undoToast = page.locator("[data-sonner-toast]").filter({ hasText: "Removed “Tram 28”." });
      await expect(undoToast).toBeVisible();
      await expect
        .poll(
          async () => {
            const boxes = (
              await page
                .locator("[data-sonner-toast]")
                .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom]))
            ).sort((x, y) => x[0] - y[0]);
            return boxes.every((b, i) => i === 0 || b[0] >= boxes[i - 1][1] - 1);
          },
          { message: "toasts overlap" },
        )
        .toBe(true);
      await shot(page, `trip-undo-toast-${vp.label}`);
      await undoToast.getByRole("button", { name: "Undo" }).click();
      await expect(events.filter({ hasText: "Tram 28" })).toHaveCount(1);

      // An Undo that can no longer apply (someone changed the event in between) says so in a toast.
      // A fresh page: the earlier "Moved" toast may be held open by a toaster that still counts as hovered.
      await page.reload();
      const movedToasts = page.locator("[data-sonner-toast]").filter({ hasText: "Moved “Dinner at Ramiro”." });
      await expect(movedToasts).toHaveCount(0);
      await page.getByRole("button", { name: "Move Dinner at Ramiro earlier in the day" }).click();
      await expect(movedToasts).toHaveCount(1);
      const latest = await (await page.request.get(`/v1/trips/${tripId}/itinerary`)).json();
      const dinner = latest.events.find((e: { title: string }) => e.title === "Dinner at Ramiro");
      const meanwhile = await page.request.post(`/v1/trips/${tripId}/ops`, {
        headers: { origin: baseURL! },
        data: {
          base_revision: latest.revision,
          type: "update_event",
          payload: { event_id: dinner.id, notes: "Table for four" },
        },
      });
      expect(meanwhile.status()).toBe(200);
      await movedToasts.getByRole("button", { name: "Undo" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Undo failed" })).toBeVisible();
      await expectAccessible(page, `trip page ${vp.label}px`);
    });
  });
}
