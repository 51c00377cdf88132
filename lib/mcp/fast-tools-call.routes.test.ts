import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_SCOPES } from "@/lib/auth/scopes";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { plainToolsCall } from "./fast-tools-call";

const { POST } = await routeModule("/api/mcp");

/**
 * The tools/call fast path (fast-tools-call.ts) answers exactly as the SDK transport would, and
 * hands everything else to the SDK. A call the fast path takes is compared with the same call the
 * SDK takes (params carrying `_meta`, which the fast path leaves to the SDK).
 */
let t: TestDatabase;
let key: string;
beforeAll(async () => {
  t = await createTestDatabase();
  key = await (await makeUser({ plan: "pro" })).key([...API_KEY_SCOPES]);
});
afterAll(async () => t?.close());

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};
async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await POST(
    new Request("http://127.0.0.1/api/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, ...HEADERS, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: res.status, type: res.headers.get("content-type"), body: JSON.parse((await res.text()) || "null") };
}
const call = (args: unknown, extra: Record<string, unknown> = {}, id: unknown = 7) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "get_current_weather", arguments: args, ...extra },
});
/** The reply without what differs per call (request ids). */
function comparable(reply: { status: number; type: string | null; body: any }) {
  const r = structuredClone(reply);
  if (r.body?.result?._meta)
    for (const k of ["skycast/request_id", "skycast/generated_at"]) delete r.body.result._meta[k];
  if (r.body?.result?.isError) {
    const text = JSON.parse(r.body.result.content[0].text);
    delete text.error.request_id;
    r.body.result.content[0].text = text;
  }
  return r;
}

describe("fast path and SDK answer a tools/call alike", () => {
  it("a valid call: same status, content type, text, structured content and meta keys", async () => {
    const args = { lat: 48.8566, lng: 2.3522, activity_type: "hiking" };
    await post(call(args)); // the cell's snapshot cached: both answers are HIT
    const fast = await post(call(args));
    const sdk = await post(call(args, { _meta: {} }));
    expect(fast.status).toBe(200);
    expect(fast.type).toBe("application/json");
    expect(fast.body.result.structuredContent.current).toBeDefined();
    expect(fast.body.result._meta["skycast/request_id"]).toEqual(expect.any(String));
    expect(comparable(fast)).toEqual(comparable(sdk));
  });

  it("a tool error (our machine code) and a string id", async () => {
    const fast = await post(call({ lat: 123, lng: 2 }, {}, "abc"));
    const sdk = await post(call({ lat: 123, lng: 2 }, { _meta: {} }, "abc"));
    expect(fast.body.id).toBe("abc");
    expect(fast.body.result.isError).toBe(true);
    expect(JSON.parse(fast.body.result.content[0].text).error.code).toBe("bad_request");
    expect(comparable(fast)).toEqual(comparable(sdk));
  });
});

describe("everything else is the SDK's", () => {
  it("unknown tool: JSON-RPC invalid params", async () => {
    const r = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "drop_tables", arguments: {} },
    });
    expect(r.status).toBe(200);
    expect(r.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool/) });
  });
  it("arguments that are not an object: the SDK's JSON-RPC error, no result", async () => {
    const r = await post(call([1, 2]));
    expect(r.status).toBe(200);
    expect(r.body.result).toBeUndefined();
    expect(r.body.error.code).toBeLessThan(-32000);
  });
  it("invalid JSON, a fractional id, a wrong Accept, a wrong content type, an unsupported protocol version", async () => {
    expect(await post("{not json")).toMatchObject({ status: 400, body: { error: { code: -32700 } } });
    expect(await post(call({ lat: 1, lng: 1 }, {}, 1.5))).toMatchObject({
      status: 400,
      body: { error: { code: -32700 } },
    });
    expect((await post(call({ lat: 1, lng: 1 }), { accept: "application/json" })).status).toBe(406);
    expect((await post(call({ lat: 1, lng: 1 }), { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(call({ lat: 1, lng: 1 }), { "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
  });
  it("a batch holding one tools/call is the SDK's (which answers a batch of one with one response)", async () => {
    const r = await post([call({ lat: 48.8566, lng: 2.3522 })]);
    expect(r.status).toBe(200);
    expect(r.body.result.structuredContent.current).toBeDefined();
  });
  it("tools/list still works", async () => {
    const r = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(r.body.result.tools.map((x: { name: string }) => x.name)).toContain("get_current_weather");
  });
});

describe("plainToolsCall", () => {
  it("takes only a plain single tools/call", () => {
    expect(plainToolsCall(call({ a: 1 }))).toEqual({ id: 7, name: "get_current_weather", args: { a: 1 } });
    expect(plainToolsCall({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } })).toEqual({
      id: 1,
      name: "x",
      args: {},
    });
    expect(plainToolsCall(call({}, { _meta: { progressToken: 1 } }))).toBeUndefined();
    expect(plainToolsCall(call({}, { task: {} }))).toBeUndefined();
    expect(plainToolsCall({ ...call({}), extra: 1 })).toBeUndefined();
    expect(plainToolsCall({ ...call({}), jsonrpc: "1.0" })).toBeUndefined();
    expect(plainToolsCall({ ...call({}), id: null })).toBeUndefined();
    expect(plainToolsCall({ ...call({}), method: "tools/list" })).toBeUndefined();
    expect(plainToolsCall(call(null))).toBeUndefined();
    expect(plainToolsCall([call({})])).toBeUndefined();
  });
});
