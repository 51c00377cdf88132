import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { startAppHttpServer, type AppHttpServer } from "@/lib/testing/app-http-server";
import { makeUser } from "@/lib/testing/fixtures";
import { createTrip } from "@/lib/trips/manage-trips";
import {
  CACHE_TTL_MS,
  HEADER_MISMATCH,
  MODERN_PROTOCOL_VERSION,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "./modern-protocol";

/**
 * MCP 2026-07-28 beside 2025-11-25 (issue 41 item 5): the official v2 client negotiates the new
 * revision through `server/discover`, the v1 client keeps the 2025-11-25 handshake, and raw requests
 * check the header rules (Mcp-Method / Mcp-Name / protocol version against the body: HTTP 400).
 */
let t: TestDatabase;
let app: AppHttpServer;
let token: string;
let tripId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startAppHttpServer();
  const user = await makeUser();
  token = await user.token();
  tripId = (await createTrip(user.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" })).trip_id;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const meta = (version = MODERN_PROTOCOL_VERSION) => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientCapabilities": {},
});

async function raw(body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${app.url}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN_PROTOCOL_VERSION,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

describe("protocol 2026-07-28 with the official v2 client", () => {
  it("negotiates 2026-07-28 through server/discover, lists tools and calls one", async () => {
    const client = new ClientV2({ name: "v2-agent", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(
      new TransportV2(new URL(`${app.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
      expect(client.getServerVersion()?.name).toBe("skycast");
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name)).toContain("get_itinerary");
      const result = await client.callTool({ name: "get_itinerary", arguments: { trip_id: tripId } });
      expect(result.isError ?? false).toBe(false);
      expect((result.structuredContent as { trip_id: number }).trip_id).toBe(tripId);
    } finally {
      await client.close();
    }
  });

  it("the v1 client (no negotiation) keeps 2025-11-25", async () => {
    const client = new Client({ name: "v1-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect((client.transport as StreamableHTTPClientTransport).protocolVersion).toBe("2025-11-25");
    await client.close();
  });
});

describe("2026-07-28 on the wire", () => {
  it("server/discover names the versions, this credential's capabilities and a cache lifetime", async () => {
    const res = await raw(
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta() } },
      { "mcp-method": "server/discover" },
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      resultType: "complete",
      supportedVersions: expect.arrayContaining([MODERN_PROTOCOL_VERSION, "2025-11-25"]),
      capabilities: { tools: {}, resources: {} },
      serverInfo: { name: "skycast" },
      ttlMs: CACHE_TTL_MS["server/discover"],
      cacheScope: "private",
    });
  });

  it("tools/list carries ttlMs, cacheScope and Cache-Control; a tools/call is a complete result", async () => {
    const list = await raw(
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: meta() } },
      { "mcp-method": "tools/list" },
    );
    expect(list.status).toBe(200);
    expect(list.body.result).toMatchObject({ resultType: "complete", ttlMs: 300_000, cacheScope: "private" });
    expect(list.headers.get("cache-control")).toBe("private, max-age=300");
    const call = await raw(
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "list_trips", arguments: {}, _meta: meta() },
      },
      { "mcp-method": "tools/call", "mcp-name": "list_trips" },
    );
    expect(call.status).toBe(200);
    expect(call.body.result.resultType).toBe("complete");
    expect(call.body.result.isError ?? false).toBe(false);
    expect(call.headers.get("cache-control")).toBeNull();
    // The name header may be sent base64-wrapped.
    const wrapped = await raw(
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "list_trips", _meta: meta() } },
      { "mcp-method": "tools/call", "mcp-name": `=?base64?${Buffer.from("list_trips").toString("base64")}?=` },
    );
    expect(wrapped.status).toBe(200);
  });

  it.each([
    ["Mcp-Method disagrees with the body", { "mcp-method": "tools/list" }, "tools/call", "list_trips"],
    ["Mcp-Method missing", {}, "tools/list", undefined],
    [
      "Mcp-Name disagrees with params.name",
      { "mcp-method": "tools/call", "mcp-name": "get_itinerary" },
      "tools/call",
      "list_trips",
    ],
    ["Mcp-Name missing on tools/call", { "mcp-method": "tools/call" }, "tools/call", "list_trips"],
    [
      "Mcp-Name on a method that names nothing",
      { "mcp-method": "tools/list", "mcp-name": "x" },
      "tools/list",
      undefined,
    ],
    [
      "Mcp-Name with a broken base64 form",
      { "mcp-method": "tools/call", "mcp-name": "=?base64?***?=" },
      "tools/call",
      "list_trips",
    ],
  ])("%s: HTTP 400 with -32020", async (_label, headers, method, name) => {
    const params = name ? { name, arguments: {}, _meta: meta() } : { _meta: meta() };
    const res = await raw({ jsonrpc: "2.0", id: 7, method, params }, headers);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: HEADER_MISMATCH } });
  });

  it("the header's version must be the body's; an unknown revision is -32022 naming ours", async () => {
    const mismatch = await raw(
      { jsonrpc: "2.0", id: 8, method: "tools/list", params: { _meta: meta("2025-11-25") } },
      { "mcp-method": "tools/list" },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe(HEADER_MISMATCH);
    const noMeta = await raw({ jsonrpc: "2.0", id: 9, method: "tools/list" }, { "mcp-method": "tools/list" });
    expect(noMeta.status).toBe(400);
    expect(noMeta.body.error.code).toBe(HEADER_MISMATCH);
    const future = await raw(
      { jsonrpc: "2.0", id: 10, method: "tools/list", params: { _meta: meta("2099-01-01") } },
      { "mcp-method": "tools/list", "mcp-protocol-version": "2099-01-01" },
    );
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe(UNSUPPORTED_PROTOCOL_VERSION);
    expect(future.body.error.data.supported).toContain(MODERN_PROTOCOL_VERSION);
  });

  it("a batch or a non-JSON body is refused with 400, never a 5xx", async () => {
    const batch = await raw([{ jsonrpc: "2.0", id: 1, method: "tools/list" }], { "mcp-method": "tools/list" });
    expect(batch.status).toBe(400);
    expect(batch.body.error.code).toBe(-32600);
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN_PROTOCOL_VERSION,
        "mcp-method": "tools/list",
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it("without a credential a valid 2026-07-28 request is the usual 401 challenge", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN_PROTOCOL_VERSION,
        "mcp-method": "server/discover",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta() } }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/resource_metadata=/);
  });
});
