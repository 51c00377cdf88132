import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test, type Page } from "@playwright/test";
import { screenshot, signUp } from "./helpers";

/**
 * Issue 28 from the portal: an agent token made on /tokens (propose-only, one trip) shows the MCP
 * client configuration, and the official MCP client connected with it sees exactly what the token
 * allows: no apply_trip_operation, the other trip is 404, proposals go through. Desktop and phone.
 */
async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const [label, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`an agent token made in the portal drives the MCP server within its limits (${label})`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await signUp(page);
    // Two trips, made with a full token of the same user (the portal's own trip form is covered in trips.spec.ts).
    const full = (
      await (
        await page.request.post("/api/developer/tokens", { data: { name: "setup" }, headers: { origin: baseURL! } })
      ).json()
    ).token as string;
    const trip = async (name: string) =>
      (
        await (
          await request.post("/v1/trips", {
            headers: { authorization: `Bearer ${full}` },
            data: { name, time_zone: "Europe/Lisbon" },
          })
        ).json()
      ).trip_id as number;
    const lisbon = await trip("Lisbon agent trip");
    const porto = await trip("Porto private trip");

    await page.goto("/tokens");
    await page.getByRole("button", { name: "Create token", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create an access token" });
    await dialog.getByLabel("Name").fill("Planning agent (Claude)");
    await dialog.getByLabel("What it may do").selectOption("propose");
    await dialog.getByLabel("Only some trips").check();
    await dialog.getByLabel("Lisbon agent trip").check();
    await dialog.getByRole("button", { name: "Create token" }).click();

    const reveal = page.getByRole("dialog", { name: "Your new access token" });
    const secret = reveal.locator("code[data-secret]");
    await expect(secret).toHaveText(/^sat_/);
    const token = (await secret.textContent())!.trim();
    await reveal.getByRole("tab", { name: "Claude Desktop" }).click();
    await expect(reveal.getByText("Claude Desktop configuration")).toBeVisible();
    await expect(reveal).toContainText(`"mcp-remote",`);
    await expect(reveal).toContainText(`"${baseURL}/api/mcp"`);
    await expect(reveal).toContainText(`"SKYCAST_TOKEN": "${token}"`);
    await noSideways(page);
    await screenshot(page, `agent-token-${viewport.width}`);
    await reveal.getByRole("button", { name: "I have stored it" }).click();
    await expect(page.getByRole("button", { name: "Revoke Planning agent (Claude)" })).toBeVisible();

    // The official MCP client, with the token exactly as the configuration shows it.
    const client = new Client({ name: "e2e-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(["list_trips", "get_itinerary", "create_proposal"]));
    expect(tools).not.toContain("apply_trip_operation");
    const listed = (await client.callTool({ name: "list_trips", arguments: {} })) as CallToolResult;
    expect((listed.structuredContent as { trips: Array<{ trip_id: number }> }).trips.map((t) => t.trip_id)).toEqual([
      lisbon,
    ]);
    const other = (await client.callTool({ name: "get_itinerary", arguments: { trip_id: porto } })) as CallToolResult;
    expect(other.isError).toBe(true);
    expect(JSON.parse((other.content[0] as { text: string }).text)).toMatchObject({
      error: { code: "not_found", status: 404 },
    });
    const proposed = (await client.callTool({
      name: "create_proposal",
      arguments: {
        trip_id: lisbon,
        actor_agent_id: "claude-planner",
        entities: [{ type: "activity", title: "Tile museum", location: "Museu Nacional do Azulejo, Lisboa" }],
        options: [
          {
            id: "a",
            score: 0.9,
            label: "Tuesday morning",
            schedule: [{ entity_index: 0, startDateTime: "2027-05-05T10:00:00+01:00" }],
          },
        ],
      },
    })) as CallToolResult;
    expect(proposed.isError ?? false).toBe(false);
    await client.close();

    // REST agrees: the ops endpoint refuses a propose-only token.
    const op = await request.post(`/v1/trips/${lisbon}/ops`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        base_revision: 0,
        type: "add_event",
        payload: { type: "activity", title: "Should not land", startDateTime: "2027-05-05T10:00:00+01:00" },
      },
    });
    expect(op.status()).toBe(403);
  });
}
