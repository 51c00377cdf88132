import { expect, test } from "@playwright/test";
import { signIn, signOut, signUp } from "./helpers";

test.describe("trips in the portal", () => {
  test("a member accepts an agent's proposal with the second option and sees the events in the timeline", async ({
    page,
    request,
    baseURL,
  }) => {
    const creds = await signUp(page);

    // The member creates a trip in the portal.
    await page.goto("/trips");
    await page
      .getByRole("button", { name: /New trip|Create your first trip/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Create a trip" });
    await dialog.getByLabel("Name").fill("Lisbon in May");
    await dialog.getByLabel("Time zone").fill("Europe/Lisbon");
    await dialog.getByRole("button", { name: "Create trip" }).click();
    await page.waitForURL(/\/trips\/\d+$/);
    const tripId = Number(new URL(page.url()).pathname.split("/").pop());

    // A planning agent acts with an access token of the member (created with the session).
    const tokenRes = await page.request.post("/api/developer/tokens", {
      data: { name: "Planning agent" },
      headers: { origin: baseURL! },
    });
    expect(tokenRes.status()).toBe(201);
    const token = (await tokenRes.json()).token as string;
    const proposal = await request.post(`/v1/trips/${tripId}/proposals`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        actor_agent_id: "planner-agent-7",
        entities: [
          {
            type: "flight",
            title: "Flight to Lisbon",
            departureAirport: "CDG",
            arrivalAirport: "LIS",
            flightNumber: "TP433",
            cost: 120,
          },
          { type: "accommodation", title: "Hotel Alfama", subtype: "hotel", address: "Rua 1, Lisboa", cost: 300 },
        ],
        options: [
          {
            id: "morning",
            score: 0.9,
            label: "Morning",
            schedule: [
              { entity_index: 0, startDateTime: "2026-05-04T08:00:00+02:00" },
              { entity_index: 1, startDateTime: "2026-05-04T15:00:00+01:00" },
            ],
          },
          {
            id: "evening",
            score: 0.6,
            label: "Evening",
            schedule: [
              { entity_index: 0, startDateTime: "2026-05-05T18:00:00+02:00" },
              { entity_index: 1, startDateTime: "2026-05-05T21:00:00+01:00" },
            ],
          },
        ],
      },
    });
    expect(proposal.status()).toBe(201);

    // The member signs in and finds the pending proposal on the trip page.
    await signOut(page);
    await signIn(page, creds, `/trips/${tripId}`);
    const card = page.getByRole("article", { name: "Proposal from planner-agent-7" });
    await expect(card).toBeVisible();
    await expect(card.getByText("pending")).toBeVisible();
    await expect(page.getByText("Nothing planned yet")).toBeVisible();

    // Accept with the second-ranked option; the events appear without a reload.
    await card.getByRole("radio", { name: /#2 Evening/ }).check();
    await card.getByRole("button", { name: "Accept option Evening" }).click();
    await expect(card.getByText("accepted", { exact: true })).toBeVisible();
    const events = page.getByTestId("itinerary-event");
    await expect(events).toHaveCount(2);
    await expect(events.filter({ hasText: "Flight to Lisbon" })).toContainText("CDG → LIS");
    await expect(events.filter({ hasText: "Hotel Alfama" })).toBeVisible();
    // The evening option's day (in the trip's zone), not the morning one's.
    await expect(page.getByRole("heading", { name: /May 5|5 May/ })).toBeVisible();
  });

  test("the add form: a Zürich departure at 07:05 stays 07:05 Zürich time, a stay covers its nights, a train goes from one place to another", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/trips");
    await page
      .getByRole("button", { name: /New trip|Create your first trip/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Create a trip" });
    await dialog.getByLabel("Name").fill("Alps and Lisbon");
    await dialog.getByLabel("Time zone").fill("Europe/Lisbon");
    await dialog.getByRole("button", { name: "Create trip" }).click();
    await page.waitForURL(/\/trips\/\d+$/);
    const add = page.getByRole("dialog", { name: "Add an event" });
    const events = page.getByTestId("itinerary-event");

    // A flight: departure typed in Zürich's local time, arrival in Lisbon's.
    await page.getByRole("button", { name: "Add event" }).click();
    await add.getByLabel("Type").selectOption("flight");
    await add.getByLabel("Title").fill("Swiss to Lisbon");
    await add.getByLabel("Departure day").fill("2026-05-04");
    await add.getByLabel("Departs").fill("07:05");
    await add.getByLabel("Arrives").fill("08:50");
    await add.getByLabel("From (IATA)").fill("ZRH");
    await add.getByLabel("To (IATA)").fill("LIS");
    await add.getByRole("button", { name: "Add event" }).click();
    await expect(add).toBeHidden();
    const flight = events.filter({ hasText: "Swiss to Lisbon" });
    await expect(flight).toContainText("07:05");
    await expect(flight).toContainText("08:50");

    // A stay from the 4th to the 7th: shown on check-in day and on each later day up to check-out.
    await page.getByRole("button", { name: "Add event" }).click();
    await add.getByLabel("Type").selectOption("accommodation");
    await add.getByLabel("Title").fill("Casa do Chiado");
    await add.getByLabel("Address").fill("Rua Garrett 120, Lisboa");
    await add.getByLabel("Check-in day").fill("2026-05-04");
    await add.getByLabel("Check-out day").fill("2026-05-04");
    await add.getByRole("button", { name: "Add event" }).click();
    await expect(add.getByText("Check-out is after the check-in day.")).toBeVisible();
    await add.getByLabel("Check-out day").fill("2026-05-07");
    await add.getByRole("button", { name: "Add event" }).click();
    await expect(add).toBeHidden();
    await expect(page.getByTestId("stay-continues")).toHaveCount(3);
    await expect(page.getByTestId("stay-continues").last()).toContainText("check-out");

    // A fixed train from Lisbon to Porto: both places resolved and shown.
    await page.getByRole("button", { name: "Add event" }).click();
    await add.getByLabel("Type").selectOption("train");
    await add.getByLabel("Title").fill("Alfa Pendular");
    await add.getByLabel("Departure day").fill("2026-05-06");
    await add.getByLabel("Departs").fill("09:00");
    await add.getByLabel("Arrives").fill("11:50");
    await add.getByLabel("From", { exact: true }).fill("Lisboa");
    await add.getByLabel("To", { exact: true }).fill("Porto");
    await add.getByLabel("Fixed: the planner never moves it").check();
    await add.getByRole("button", { name: "Add event" }).click();
    await expect(add).toBeHidden();
    const train = events.filter({ hasText: "Alfa Pendular" });
    await expect(train).toContainText(/Lisbo\w* → Porto/);
    await expect(train).toContainText("Fixed");

    // The edit dialog changes the places (issue 38 item 4): the train now goes to Coimbra, the flight
    // leaves from Geneva; both are resolved again and shown.
    const edit = page.getByRole("dialog", { name: /Edit/ });
    await page.getByRole("button", { name: "Edit Alfa Pendular" }).click();
    await expect(edit.getByLabel("From", { exact: true })).toHaveValue("Lisboa");
    await edit.getByLabel("To", { exact: true }).fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText("To is required.")).toBeVisible();
    await edit.getByLabel("To", { exact: true }).fill("Coimbra");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(train).toContainText(/Lisbo\w* → Coimbra/);
    await page.getByRole("button", { name: "Edit Swiss to Lisbon" }).click();
    await expect(edit.getByLabel("From (IATA)")).toHaveValue("ZRH");
    await edit.getByLabel("From (IATA)").fill("gva");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(flight).toContainText("GVA");
  });
});
