import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { screenshot, signUp } from "./helpers";

// Issue 42 items 1 and 6: an out-of-date proposal is shown with what changed and no Accept; Reject and
// "Ask for a new plan" work; a proposal whose events nobody touched is accepted (rebased). The Agents
// page shows the MCP URL and a configuration per client.
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 40[49]/.test(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  return problems;
}

for (const vp of WIDTHS) {
  test(`proposals at ${vp.label} px: out of date shows what changed without Accept; replan, reject and a rebased accept work`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const problems = watchConsole(page);
    const owner = await signUp(page);
    const headers = { origin: baseURL! };
    const trip = await page.request.post("/v1/trips", {
      headers,
      data: { name: "Sintra days", time_zone: "Europe/Lisbon" },
    });
    expect(trip.status(), await trip.text()).toBe(201);
    const tripId = (await trip.json()).trip_id as number;
    const add = async (base: number, title: string, day: string, cost: number) => {
      const r = await page.request.post(`/v1/trips/${tripId}/ops`, {
        headers,
        data: {
          base_revision: base,
          type: "add_event",
          payload: {
            type: "activity",
            title,
            cost,
            startDateTime: `2027-05-${day}T10:00:00+01:00`,
            endDateTime: `2027-05-${day}T12:00:00+01:00`,
          },
        },
      });
      expect(r.status(), await r.text()).toBe(200);
      return (await r.json()).result.affected_event_ids[0] as number;
    };
    const hike = await add(0, "Pena hike", "02", 25);
    const dinner = await add(1, "Dinner in Cascais", "03", 40.5);
    const propose = async (agent: string, eventId: number, day: string) => {
      const r = await page.request.post(`/v1/trips/${tripId}/proposals`, {
        headers,
        data: {
          actor_agent_id: agent,
          base_revision: 2,
          options: [
            {
              id: "move",
              label: "Move it",
              score: 1,
              changes: [
                {
                  type: "move_event",
                  event_id: eventId,
                  startDateTime: `2027-05-${day}T15:00:00+01:00`,
                  endDateTime: null,
                },
              ],
            },
          ],
        },
      });
      expect(r.status(), await r.text()).toBe(201);
    };
    await propose("agent-stale", hike, "04");
    await propose("agent-reject", hike, "05");
    await propose("agent-clean", dinner, "06");
    // Another member's edit of the hike after the proposals were made.
    const edit = await page.request.post(`/v1/trips/${tripId}/ops`, {
      headers,
      data: { base_revision: 2, type: "update_event", payload: { event_id: hike, title: "Long Pena hike" } },
    });
    expect(edit.status(), await edit.text()).toBe(200);

    await page.goto(`/trips/${tripId}`);
    const stale = page.getByRole("article", { name: "Proposal from agent-stale" });
    await expect(stale.getByTestId("proposal-out-of-date")).toContainText("Long Pena hike was edited");
    await expect(stale.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
    await expect(stale.getByRole("button", { name: "Reject…" })).toBeVisible();
    await screenshot(page, `proposal-out-of-date-${vp.label}`);
    await expectAccessible(page, `trip with an out-of-date proposal at ${vp.label}px`);

    await stale.getByRole("button", { name: "Ask for a new plan" }).click();
    await expect(stale.getByText("superseded", { exact: true })).toBeVisible();
    await expect(stale.getByText("A new plan was asked for")).toBeVisible();

    const rejecting = page.getByRole("article", { name: "Proposal from agent-reject" });
    await expect(rejecting.getByRole("button", { name: /^Accept/ })).toHaveCount(0);
    await rejecting.getByRole("button", { name: "Reject…" }).click();
    await rejecting.getByRole("button", { name: "Reject proposal" }).click();
    await expect(rejecting.getByText("rejected", { exact: true })).toBeVisible();

    const clean = page.getByRole("article", { name: "Proposal from agent-clean" });
    await expect(clean.getByTestId("proposal-out-of-date")).toHaveCount(0);
    // Item 8: an agent's option without a forecast never reads "low risk → no forecast".
    await expect(clean).not.toContainText("no forecast");
    await clean.getByRole("button", { name: /^Accept/ }).click();
    await expect(clean.getByText("accepted", { exact: true })).toBeVisible();
    const itinerary = await (await page.request.get(`/v1/trips/${tripId}/itinerary`)).json();
    expect(itinerary.revision).toBe(4);
    expect(itinerary.events.find((e: { id: number }) => e.id === dinner).startDateTime).toBe(
      "2027-05-06T15:00:00+01:00",
    );

    // Item 8: the trip's total cost, "(you)" in members, the owner cannot remove themself, an empty "Add member" says why.
    await expect(page.getByText(/Total €65\.50/)).toBeVisible();
    const members = page.getByRole("list", { name: "Trip members" });
    await expect(members.getByText("(you)")).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove ${owner.email}` })).toHaveCount(0);
    await page.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByText("Enter the email address of the person to add.")).toBeVisible();
    if (vp.width < 1280) {
      // On a phone the proposals come before the itinerary.
      const proposalsTop = (await page.getByTestId("proposals-panel").boundingBox())!.y;
      const itineraryTop = (await page.getByRole("heading", { name: "Itinerary", exact: true }).boundingBox())!.y;
      expect(proposalsTop).toBeLessThan(itineraryTop);
    }
    expect(problems).toEqual([]);
  });

  test(`agents page at ${vp.label} px: the MCP URL, tools with scopes, a configuration per client`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const problems = watchConsole(page);
    await signUp(page);
    await page.goto("/agents");
    await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
    await expect(page.getByText(`${baseURL}/api/mcp`).first()).toBeVisible();
    // By its label, not its role: on a phone the table is stacked into cards (display: block).
    const tools = page.locator('table[aria-label="MCP tools"]');
    await expect(tools).toContainText("create_proposal");
    await expect(tools).toContainText("trips:propose");
    for (const client of ["Claude", "ChatGPT", "VS Code", "Cursor"]) {
      await page.getByRole("tab", { name: client }).click();
      await expect(page.getByRole("tabpanel", { name: `${client} configuration` })).toContainText("/api/mcp");
    }
    await expect(page.getByRole("link", { name: "Connected agents" })).toHaveAttribute("href", "/agents/connected");
    await screenshot(page, `agents-${vp.label}`);
    await expectAccessible(page, `agents at ${vp.label}px`);
    await page.goto("/docs#mcp");
    await expect(page.getByRole("heading", { level: 2, name: "MCP (agents)" })).toBeVisible();
    expect(problems).toEqual([]);
  });
}
