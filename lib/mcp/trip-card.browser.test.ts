import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { chromium, type Browser, type FrameLocator } from "@playwright/test";
import { build } from "esbuild";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, hasChromium } from "@/lib/testing/chromium";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { grantToken } from "@/lib/oauth/testing/grant-token";
import { startAppHttpServer, type AppHttpServer } from "@/lib/testing/app-http-server";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { createTrip } from "@/lib/trips/manage-trips";
import { getProposal } from "@/lib/trips/proposals/raise-and-list-proposals";
import { sampleEvent, sampleProposal } from "@/lib/trips/testing/trip-fixture";
import { TRIP_CARD } from "./trip-card";

/**
 * The in-chat trip card (issue 41 item 7) in an MCP Apps host: Chromium loads a host page built on
 * the official ext-apps AppBridge, which renders the card's ui:// resource (read through /api/mcp) in
 * a sandboxed iframe and forwards its tools/call to the server. Accept and Reject reach the server
 * and obey the grant: a "Propose changes" grant gets the 403 step-up, an "Apply changes" one resolves.
 */
const HOST_PORT = 3232;
/** Rendering waits on real tool calls (weather included): poll, never sleep. */
const WAIT = { timeout: 30_000 };
let t: TestDatabase;
let app: AppHttpServer;
let host: Server;
let browser: Browser;
let user: TestUser;
let writeToken: string;
let proposeToken: string;
let tripId: number;
/** The credential the host's tools/call use, and what they answered. */
let hostToken = "";
const calls: Array<{ name: string; error?: string; isError?: boolean }> = [];

async function mcp(token: string): Promise<Client> {
  const client = new Client({ name: "trip-card-host", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function call(token: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const client = await mcp(token);
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

async function newProposal(): Promise<string> {
  const r = await call(writeToken, "create_proposal", { trip_id: tripId, ...sampleProposal("weather-planner") });
  expect(r.isError ?? false).toBe(false);
  return (r.structuredContent as { proposal_id: string }).proposal_id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startAppHttpServer();
  user = await makeUser({ plan: "pro" });
  writeToken = await user.token();
  tripId = (
    await createTrip(user.userId, {
      name: "Lisbon long weekend",
      time_zone: "Europe/Lisbon",
      start_date: "2026-05-04",
      end_date: "2026-05-07",
    })
  ).trip_id;
  const added = await call(writeToken, "apply_trip_operation", {
    trip_id: tripId,
    base_revision: 0,
    type: "add_event",
    payload: sampleEvent(1),
  });
  expect(added.isError ?? false).toBe(false);
  proposeToken = (
    await grantToken({
      userId: user.userId,
      accountId: user.accountId,
      tripIds: [tripId],
      level: "propose",
      resource: `${app.url}/api/mcp`,
    })
  ).accessToken;

  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, "testing/trip-card-host.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const hostJs = bundle.outputFiles[0].text;
  host = createServer((req, res) => void serve(req, res));
  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${HOST_PORT}`);
    if (url.pathname === "/host")
      return res
        .writeHead(200, { "content-type": "text/html" })
        .end('<!doctype html><html><body><script type="module" src="/host.js"></script></body></html>');
    if (url.pathname === "/host.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(hostJs);
    if (url.pathname === "/card") {
      const client = await mcp(hostToken);
      const read = await client.readResource({ uri: TRIP_CARD.uri });
      await client.close();
      const content = read.contents[0] as { text: string; mimeType: string };
      return res.writeHead(200, { "content-type": "text/html" }).end(content.text);
    }
    if (url.pathname === "/call") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const params = JSON.parse(body) as { name: string; arguments: Record<string, unknown> };
      try {
        const result = await call(hostToken, params.name, params.arguments);
        calls.push({ name: params.name, isError: Boolean(result.isError) });
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result }));
      } catch (err) {
        // The SDK's StreamableHTTPError carries the HTTP status as code (403 for the step-up).
        const error = `HTTP ${(err as { code?: number }).code}: ${(err as Error).message}`;
        calls.push({ name: params.name, error });
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ error }));
      }
    }
    res.writeHead(404).end();
  }
  await new Promise<void>((resolve) => host.listen(HOST_PORT, "127.0.0.1", resolve));
  if (hasChromium) browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await app?.close();
  await t?.close();
});

async function openCard(token: string, tool: string): Promise<FrameLocator> {
  hostToken = token;
  const page = await browser.newPage();
  const args = JSON.stringify({ trip_id: tripId, ...(tool === "list_proposals" ? { status: "pending" } : {}) });
  await page.goto(`http://127.0.0.1:${HOST_PORT}/host?tool=${tool}&args=${encodeURIComponent(args)}`);
  await expect.poll(() => page.locator("body").getAttribute("data-initialized"), WAIT).toBe("yes");
  return page.frameLocator('iframe[title="Trip card"]');
}

describe("the trip card's resource and metadata", () => {
  it("get_trip_weather and list_proposals name the ui:// resource, served as an MCP App; text-only clients get the options as text", async () => {
    expect(TRIP_CARD.mimeType).toBe(RESOURCE_MIME_TYPE);
    expect(TRIP_CARD.legacyMetaKey).toBe(RESOURCE_URI_META_KEY);
    const client = await mcp(proposeToken);
    const { tools } = await client.listTools();
    for (const name of ["get_trip_weather", "list_proposals"])
      expect(tools.find((x) => x.name === name)?._meta).toMatchObject({ ui: { resourceUri: TRIP_CARD.uri } });
    expect(tools.find((x) => x.name === "get_itinerary")?._meta).toBeUndefined();
    const { resources } = await client.listResources();
    expect(resources.find((r) => r.uri === TRIP_CARD.uri)?.mimeType).toBe(RESOURCE_MIME_TYPE);
    const read = await client.readResource({ uri: TRIP_CARD.uri });
    expect(read.contents[0]).toMatchObject({ mimeType: RESOURCE_MIME_TYPE });
    expect((read.contents[0] as { text: string }).text).toContain("ui/initialize");
    await client.close();
    const proposalId = await newProposal();
    const text = await call(proposeToken, "get_proposal", { trip_id: tripId, proposal_id: proposalId });
    expect((text.content[0] as { text: string }).text).toMatch(/option early "Morning flight"/);
  });
});

describe.skipIf(!hasChromium)("the trip card in an MCP Apps host (Chromium, ext-apps AppBridge)", () => {
  it('renders events with weather and the pending proposal; under "Propose changes" Accept gets the 403 step-up', async () => {
    const proposalId = await newProposal();
    const card = await openCard(proposeToken, "get_trip_weather");
    await expect.poll(() => card.locator("#events li").count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => card.locator("#proposal").textContent(), WAIT).toContain("Morning flight");
    await card.getByRole("button", { name: "Accept Morning flight" }).click();
    await expect.poll(() => card.locator("#status").textContent(), WAIT).toMatch(/may only propose changes/);
    const refused = calls.findLast((c) => c.name === "resolve_proposal");
    expect(refused?.error).toMatch(/^HTTP 403: .*needs the scope trips:write/);
    expect((await getProposal(tripId, user.userId, proposalId)).status).toBe("pending");
  });

  it('under "Apply changes" Accept applies the option through the revision check (opened from list_proposals)', async () => {
    const proposalId = await newProposal();
    const card = await openCard(writeToken, "list_proposals");
    await expect.poll(() => card.locator("#proposal").textContent(), WAIT).toContain("Morning flight");
    await expect.poll(() => card.locator("#events li").count(), WAIT).toBeGreaterThan(0);
    await card.getByRole("button", { name: "Accept Morning flight" }).click();
    await expect
      .poll(() => card.locator("#status").textContent(), WAIT)
      .toMatch(/Accepted: the trip is at revision \d+/);
    const p = await getProposal(tripId, user.userId, proposalId);
    expect(p.status).toBe("accepted");
    expect(p.selected_option_id).toBe("early");
  });

  it("Reject rejects the pending proposal", async () => {
    const proposalId = await newProposal();
    const reader = (await createAccessToken(user.userId, { name: "card", scopes: ["trips:read", "trips:write"] }))
      .token;
    const card = await openCard(reader, "get_trip_weather");
    await expect.poll(() => card.locator("#proposal").textContent(), WAIT).toContain("Morning flight");
    await card.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => card.locator("#status").textContent(), WAIT).toBe("Rejected.");
    expect((await getProposal(tripId, user.userId, proposalId)).status).toBe("rejected");
  });
});
