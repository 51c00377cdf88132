import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chromium, type Browser } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, hasChromium } from "@/lib/testing/chromium";
import { authSecret } from "@/lib/auth/auth-secret";
import type { AppHttpServer } from "@/lib/testing/app-http-server";
import type { TestUser } from "@/lib/testing/fixtures";
import type { Receiver } from "@/lib/webhooks/testing/https-receiver";
import { startOAuthWorld, type OAuthWorld } from "./testing/oauth-world";
import { TestProvider } from "./testing/test-provider";

/**
 * Issue 41 acceptance with the consent given in Chromium: the official SDK client with its OAuth
 * provider connects by URL alone (protected-resource then authorization-server metadata, a client ID
 * metadata document on an allow-listed loopback HTTPS host), the signed-in user ticks one trip and
 * "Propose changes" and presses Allow in the browser, PKCE token exchange; then the grant's limits,
 * the 403 step-up, a refresh, and 401 after revocation.
 */
const WAIT = { timeout: 30_000 };
let w: OAuthWorld;
let app: AppHttpServer;
let cimd: Receiver;
let browser: Browser;
let user: TestUser;
let tripId: number;
let otherTripId: number;

beforeAll(async () => {
  w = await startOAuthWorld();
  ({ app, cimd, user, tripId, otherTripId } = w);
  if (hasChromium) browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
});
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

/** The signed-in user's browser on the consent page: tick one trip, "Propose changes", Allow. */
async function consentInChromium(authUrl: URL, redirect: string): Promise<URL> {
  const context = await browser.newContext();
  const session = await encode({ token: { sub: user.userId, sv: 0 }, secret: authSecret() });
  await context.addCookies([{ name: "next-auth.session-token", value: session, url: app.url }]);
  const page = await context.newPage();
  let back: URL | undefined;
  // The native client's loopback listener: take the redirect and answer it.
  await page.route(
    (u) => u.href.startsWith(redirect),
    async (route) => {
      back = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
    },
  );
  await page.goto(authUrl.toString());
  await expect.poll(() => page.getByText("Metadata Agent").count(), WAIT).toBeGreaterThan(0);
  expect(
    await page.getByRole("checkbox").evaluateAll((xs) => xs.filter((x) => (x as HTMLInputElement).checked)),
  ).toEqual([]);
  await page.getByRole("checkbox", { name: /Lisbon long weekend/ }).check();
  await page.getByRole("radio", { name: /Propose changes/ }).check();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => back?.toString(), WAIT).toBeDefined();
  await context.close();
  return back!;
}

const mcpPost = (token: string, body: unknown) =>
  fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });

describe.skipIf(!hasChromium)("connect by URL, consent in Chromium", () => {
  it("metadata discovery, client ID metadata document, consent, PKCE; limits, step-up, refresh, revocation", async () => {
    const redirect = "http://127.0.0.1:53682/callback";
    const docUrl = cimd.url("/agent/client.json");
    cimd.respond(() => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: docUrl,
        client_name: "Metadata Agent",
        redirect_uris: ["http://127.0.0.1/callback"],
        token_endpoint_auth_method: "none",
      }),
    }));
    const provider = new TestProvider(redirect, docUrl);
    const url = new URL(`${app.url}/api/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: "agent", version: "1" }).connect(first)).rejects.toThrow(/Unauthorized/i);
    expect(provider.authUrl?.searchParams.get("client_id")).toBe(docUrl);
    expect(provider.authUrl?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(provider.authUrl?.searchParams.get("resource")).toBe(`${app.url}/api/mcp`);

    const back = await consentInChromium(provider.authUrl!, redirect);
    expect(back.searchParams.get("iss")).toBe(app.url);
    await first.finishAuth(back.searchParams.get("code")!);
    const client = new Client({ name: "agent", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));

    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(
      expect.arrayContaining(["list_trips", "get_itinerary", "get_trip_weather", "create_proposal"]),
    );
    const other = await client.callTool({ name: "get_itinerary", arguments: { trip_id: otherTripId } });
    expect(JSON.parse((other.content as Array<{ text: string }>)[0].text).error.status).toBe(404);
    expect((await client.callTool({ name: "get_itinerary", arguments: { trip_id: tripId } })).isError).toBeFalsy();

    const apply = await mcpPost(provider.saved!.access_token, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "apply_trip_operation", arguments: { trip_id: tripId, base_revision: 0, type: "remove_event" } },
    });
    expect(apply.status).toBe(403);
    expect(apply.headers.get("www-authenticate")).toMatch(/error="insufficient_scope", scope="[^"]*trips:write/);

    const refreshed = await fetch(`${app.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: provider.saved!.refresh_token!,
        client_id: docUrl,
      }),
    });
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
    expect((await mcpPost(tokens.access_token, list)).status).toBe(200);

    const revoked = await fetch(`${app.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: docUrl }),
    });
    expect(revoked.status).toBe(200);
    expect((await mcpPost(tokens.access_token, list)).status).toBe(401);
    await client.close();
  });
});
