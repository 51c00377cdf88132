import { expect, test } from "@playwright/test";
import { signIn, signOut, signUp } from "./helpers";

test.describe("trips in the portal", () => {
  test("a member accepts an agent's proposal with the second option and sees the events in the timeline", async ({ page, request, baseURL }) => {
    const creds = await signUp(page);

    // The member creates a trip in the portal.
    await page.goto("/trips");
    await page.getByRole("button", { name: /New trip|Create your first trip/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a trip" });
    await dialog.getByLabel("Name").fill("Lisbon in May");
    await dialog.getByLabel("Time zone").fill("Europe/Lisbon");
    await dialog.getByRole("button", { name: "Create trip" }).click();
    await page.waitForURL(/\/trips\/\d+$/);
    const tripId = Number(new URL(page.url()).pathname.split("/").pop());

    // A planning agent acts with an access token of the member (created with the session).
    const tokenRes = await page.request.post("/api/developer/tokens", { data: { name: "Planning agent" }, headers: { origin: baseURL! } });
    expect(tokenRes.status()).toBe(201);
    const token = (await tokenRes.json()).token as string;
    const proposal = await request.post(`/v1/trips/${tripId}/proposals`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        actor_agent_id: "planner-agent-7",
        entities: [
          { type: "flight", title: "Flight to Lisbon", departureAirport: "CDG", arrivalAirport: "LIS", flightNumber: "TP433", cost: 120 },
          { type: "accommodation", title: "Hotel Alfama", subtype: "hotel", address: "Rua 1, Lisboa", cost: 300 },
        ],
        options: [
          { id: "morning", score: 0.9, label: "Morning", schedule: [{ entity_index: 0, startDateTime: "2026-05-04T08:00:00+02:00" }, { entity_index: 1, startDateTime: "2026-05-04T15:00:00+01:00" }] },
          { id: "evening", score: 0.6, label: "Evening", schedule: [{ entity_index: 0, startDateTime: "2026-05-05T18:00:00+02:00" }, { entity_index: 1, startDateTime: "2026-05-05T21:00:00+01:00" }] },
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
});
