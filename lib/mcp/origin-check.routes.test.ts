import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { overrideEnv } from "@/lib/testing/override-env";

/*
 * DNS-rebinding protection on /api/mcp (MCP transports: validate Origin, 403 when invalid); found by
 * the official conformance runner (test/multi/mcp-conformance.test.ts), which got 200 for a foreign
 * Origin before.
 */
const mcp = await routeModule("/api/mcp");

// This file's own database (a file that borrowed the default opened and migrated a private PGlite).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const initialize = { jsonrpc: "2.0", id: 1, method: "ping" };

async function post(token: string, headers: Record<string, string>) {
  const res = await mcp.POST(
    new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(initialize),
    }),
  );
  return { status: res.status, body: await res.text() };
}

describe("Origin and Host on /api/mcp", () => {
  it("refuses a foreign Origin with 403; accepts none, its own, and MCP_ALLOWED_ORIGINS", async () => {
    const token = await (await makeUser()).token();
    const restore = overrideEnv({
      NEXTAUTH_URL: "http://localhost:3000",
      MCP_ALLOWED_ORIGINS: "http://localhost:6274",
    });
    try {
      const evil = await post(token, { origin: "http://evil.example.com" });
      expect(evil.status).toBe(403);
      expect(JSON.parse(evil.body).error.message).toMatch(/Origin "http:\/\/evil.example.com" may not call/);
      expect((await post(token, {})).status).toBe(200);
      expect((await post(token, { origin: "http://localhost:3000" })).status).toBe(200);
      expect((await post(token, { origin: "http://localhost:6274" })).status).toBe(200);
    } finally {
      restore();
    }
  });

  it("a server on a loopback URL refuses another Host (a rebound name)", async () => {
    const token = await (await makeUser()).token();
    const restore = overrideEnv({ NEXTAUTH_URL: "http://127.0.0.1:3000" });
    try {
      expect((await post(token, { host: "evil.example.com" })).status).toBe(403);
      expect((await post(token, { host: "127.0.0.1:3000" })).status).toBe(200);
      expect((await post(token, { host: "localhost:3000" })).status).toBe(200);
      // Loopback pages on other ports (the Inspector's web UI) may call a local server; others may not.
      expect((await post(token, { origin: "http://localhost:6274" })).status).toBe(200);
      expect((await post(token, { origin: "http://127.0.0.1.evil.example.com" })).status).toBe(403);
    } finally {
      restore();
    }
  });
});
