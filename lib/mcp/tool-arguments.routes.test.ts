import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

/*
 * tools/call arguments (issue 43 item 8): undeclared arguments are refused, nesting is capped, and
 * arguments of the wrong type are -32602 Invalid params, never -32603 or an internal_error result.
 */
const mcp = await routeModule("/api/mcp");

// This file's own database (a file that borrowed the default opened and migrated a private PGlite).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

async function rpc(key: string, params: unknown, rawParams?: string) {
  const res = await mcp.POST(
    new Request("http://localhost/api/mcp", {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${rawParams ?? JSON.stringify(params)}}`,
    }),
  );
  return { status: res.status, body: JSON.parse(await res.text()) };
}

// Written as text: JSON.stringify of so deep a value overflows the test's own stack.
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("tools/call arguments", () => {
  it("refuses undeclared, deeply nested and mistyped arguments with -32602", async () => {
    const key = await (await makeUser()).key(["weather:read"]);
    const ok = await rpc(key, { name: "get_current_weather", arguments: { lat: 48.85, lng: 2.35 } });
    expect(ok.body.result?.isError ?? false, JSON.stringify(ok.body)).toBe(false);

    const cases: Array<[string, unknown, string | null]> = [
      ["undeclared", { name: "get_current_weather", arguments: { lat: 48.85, lng: 2.35, colour: "red" } }, null],
      ["string arguments", { name: "get_current_weather", arguments: "lat=1" }, null],
      ["array arguments", { name: "get_current_weather", arguments: [1, 2] }, null],
    ];
    const deep = `{"name":"get_current_weather","arguments":{"lat":48.85,"lng":2.35,"junk":${nested(5000)}}}`;
    for (const [what, params, raw] of [...cases, ["deep", null, deep] as const]) {
      const r = await rpc(key, params, raw ?? undefined);
      expect(r.body.error?.code, `${what}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(-32602);
      expect(r.status, what).toBeLessThan(500);
      expect(r.body.id, what).toBe(7);
    }
    // A value of the wrong type is the operation's to judge: a tool error the model can correct
    // (MCP 2025-11-25, SEP-1303), not a protocol error.
    const mistyped = await rpc(key, { name: "get_current_weather", arguments: { lat: "north", lng: 2.35 } });
    expect(mistyped.body.result?.isError, JSON.stringify(mistyped.body).slice(0, 300)).toBe(true);
  });
});
