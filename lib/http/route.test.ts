import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { takeLogs } from "@/lib/testing/log-capture";
import { makeUser } from "@/lib/testing/fixtures";
import { none } from "@/lib/auth/strategies";
import { defineRoute } from "@/lib/registry/route";
import { contract } from "./route";
import { ApiError } from "./errors";
import { RawJson } from "./raw-json";
import { routeModule } from "@/lib/testing/route-registry";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const echo = defineRoute(
  contract({
    method: "POST",
    path: "/test/echo/{id}",
    summary: "echo",
    tags: ["test"],
    family: "api",
    auth: none(),
    params: z.object({ id: z.coerce.number().int() }),
    query: z.object({ n: z.coerce.number().int().min(1).max(5).default(1) }),
    body: z.object({ name: z.string().min(1), tags: z.array(z.string()).max(2).optional() }),
    responses: { 200: { description: "ok", schema: z.object({ id: z.number(), n: z.number(), name: z.string() }) } },
  }),
  async ({ params, query, body }) => ({ data: { id: params.id, n: query.n, name: body.name } }),
);

const boom = defineRoute(
  contract({
    method: "GET",
    path: "/test/boom",
    summary: "boom",
    tags: ["test"],
    family: "weather",
    auth: none(),
    responses: {},
  }),
  async () => {
    throw new Error("internal detail: relation users_shadow does not exist");
  },
);

const flat = defineRoute(
  contract({
    method: "GET",
    path: "/test/flat",
    summary: "flat",
    tags: ["test"],
    family: "flat",
    auth: none(),
    responses: {},
  }),
  async () => {
    throw new ApiError("STALE_REVISION", "Trip is at revision 4, not 3.", {
      extra: { current_revision: 4, base_revision: 3 },
    });
  },
);

const rawShape = z.object({ items: z.array(z.object({ n: z.number() })) });
const rawWeather = defineRoute(
  contract({
    method: "GET",
    path: "/test/raw",
    summary: "raw",
    tags: ["test"],
    family: "weather",
    auth: none(),
    responses: { 200: { description: "ok", schema: rawShape } },
  }),
  async () => ({ data: new RawJson<z.infer<typeof rawShape>>('{"items":[{"n":1},{"n":2}]}'), meta: { note: "kept" } }),
);
const rawPlain = defineRoute(
  contract({
    method: "GET",
    path: "/test/raw-plain",
    summary: "raw",
    tags: ["test"],
    family: "api",
    auth: none(),
    responses: { 200: { description: "ok", schema: rawShape } },
  }),
  async () => ({
    status: 200,
    data: new RawJson<z.infer<typeof rawShape>>('{"items":[]}'),
    headers: { "X-Extra": "1" },
  }),
);

const shared = new TextEncoder().encode('{"items":[{"n":3}]}');
const rawBytesWeather = defineRoute(
  contract({
    method: "GET",
    path: "/test/raw-bytes",
    summary: "raw",
    tags: ["test"],
    family: "weather",
    auth: none(),
    responses: { 200: { description: "ok", schema: rawShape } },
  }),
  async () => ({ data: RawJson.utf8<z.infer<typeof rawShape>>(shared) }),
);
const rawBytesPlain = defineRoute(
  contract({
    method: "GET",
    path: "/test/raw-bytes-plain",
    summary: "raw",
    tags: ["test"],
    family: "api",
    auth: none(),
    responses: { 200: { description: "ok", schema: rawShape } },
  }),
  async () => ({ data: RawJson.utf8<z.infer<typeof rawShape>>(shared) }),
);

describe("route helper: pre-serialised data (RawJson)", () => {
  it("takes already encoded bytes (reused across responses, never changed by one), in both envelopes", async () => {
    const weather = await call(rawBytesWeather, { path: "/test/raw-bytes", checkContract: false });
    expect(weather.text.startsWith('{"data":{"items":[{"n":3}]},"meta":{')).toBe(true);
    expect(weather.body.meta.request_id).toBe(weather.headers.get("x-request-id"));
    for (let i = 0; i < 2; i++) {
      const plain = await call(rawBytesPlain, { path: "/test/raw-bytes-plain", checkContract: false });
      expect(plain.text).toBe('{"items":[{"n":3}]}');
      expect(plain.headers.get("content-type")).toBe("application/json");
    }
    expect(new TextDecoder().decode(shared)).toBe('{"items":[{"n":3}]}');
    expect(RawJson.utf8(shared).text).toBe('{"items":[{"n":3}]}');
  });

  it("splices the text into the weather envelope beside the meta, as JSON", async () => {
    const res = await call(rawWeather, { path: "/test/raw", checkContract: false });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body.data).toEqual({ items: [{ n: 1 }, { n: 2 }] });
    expect(res.body.meta).toMatchObject({
      note: "kept",
      billing_units: 0,
      request_id: res.headers.get("x-request-id"),
    });
    expect(res.text.startsWith('{"data":{"items":[{"n":1},{"n":2}]},"meta":{')).toBe(true);
  });

  it("is the whole body in the other families, with the reply's status and headers", async () => {
    const res = await call(rawPlain, { path: "/test/raw-plain", checkContract: false });
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"items":[]}');
    expect(res.headers.get("x-extra")).toBe("1");
    expect(res.headers.get("content-type")).toBe("application/json");
  });
});

describe("route helper: admission (lib/http/admit.ts)", () => {
  // Requests received in one turn of the event loop are all admitted before any handler runs:
  // a handler starts on the check phase, never inside the turn (or its microtasks) that received it.
  it("starts handlers only after the turn that received the requests", async () => {
    const order: string[] = [];
    const mark = defineRoute(
      contract({
        method: "GET",
        path: "/test/mark",
        summary: "mark",
        tags: ["test"],
        family: "api",
        auth: none(),
        responses: {},
      }),
      async ({ req }) => {
        order.push(`handler ${new URL(req.url).searchParams.get("n")}`);
        return { status: 204 };
      },
    );
    setImmediate(() => order.push("immediate queued before the requests"));
    const calls = [1, 2, 3].map((n) => mark(new Request(`http://localhost/test/mark?n=${n}`)));
    queueMicrotask(() => order.push("microtasks of the receiving turn"));
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual([204, 204, 204]);
    expect(order).toEqual([
      "microtasks of the receiving turn",
      "immediate queued before the requests",
      "handler 1",
      "handler 2",
      "handler 3",
    ]);
  });
});

describe("route helper", () => {
  it("validates params, query and body and returns the handler's data", async () => {
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/7?n=3",
      params: { id: "7" },
      body: { name: "x" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 7, n: 3, name: "x" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("malformed JSON is a 400 naming the problem, never a 500", async () => {
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      rawBody: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.message).toMatch(/Malformed JSON/);
    expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("a NUL character anywhere in the body is a 400 naming the field, not a database 500", async () => {
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      body: { name: "ok", tags: ["fine", "a\u0000b"] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.details.issues[0].path).toBe("tags.1");
    const key = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      body: { name: "ok", "\u0000": 1 },
    });
    expect(key.status).toBe(400);
  });

  it("a wrong content type is a 415", async () => {
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
  });

  it("an oversized body is a 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(1_100_000) });
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("field-level details name every failing field", async () => {
    const res = await call(echo, { method: "POST", path: "/test/echo/1?n=9", params: { id: "1" }, body: { name: "" } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.location).toBe("query");
    expect(res.body.error.message).toMatch(/query n/);
    const res2 = await call(echo, {
      method: "POST",
      path: "/test/echo/1",
      params: { id: "1" },
      body: { name: "", tags: ["a", "b", "c"] },
    });
    expect(res2.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["name", "tags"]);
  });

  it("an empty body where one is required is a 400", async () => {
    const res = await call(echo, { method: "POST", path: "/test/echo/1", params: { id: "1" } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/empty/);
  });

  it("invalid path params are a 404", async () => {
    const res = await call(echo, {
      method: "POST",
      path: "/test/echo/abc",
      params: { id: "abc" },
      body: { name: "x" },
    });
    expect(res.status).toBe(404);
  });

  it("unexpected errors become a generic 500 without leaking internals", async () => {
    const res = await call(boom, { path: "/test/boom" });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe("internal_error");
    expect(res.text).not.toContain("users_shadow");
    expect(res.body.meta.request_id).toBe(res.headers.get("x-request-id"));
    // The cause is in the server log, under the same request id.
    const [logged] = takeLogs("unhandled error");
    expect(logged.level).toBe("error");
    expect(logged.line).toContain("users_shadow");
    expect(JSON.parse(logged.line).request_id).toBe(res.body.meta.request_id);
  });

  it("flat family renders {error, code, ...extra}", async () => {
    const res = await call(flat, { path: "/test/flat" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "Trip is at revision 4, not 3.",
      code: "STALE_REVISION",
      current_revision: 4,
      base_revision: 3,
    });
  });
});

describe("weather health", () => {
  it("answers the {data, meta} envelope with 0 billing units", async () => {
    const { GET } = await routeModule("/v1/weather/health");
    const u = await makeUser();
    const res = await call(GET, { path: "/v1/weather/health", bearer: await u.key(["weather:read"]) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: "ok", environment: "production" });
    expect(res.body.meta).toMatchObject({
      request_id: res.headers.get("x-request-id"),
      billing_units: 0,
      environment: "production",
    });
    expect(Date.parse(res.body.meta.generated_at)).not.toBeNaN();
  });

  it("wrong scope is a 403 in the weather error envelope", async () => {
    const { GET } = await routeModule("/v1/weather/health");
    const u = await makeUser();
    const res = await call(GET, { path: "/v1/weather/health", bearer: await u.key(["read"]) });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "insufficient_scope", request_id: res.headers.get("x-request-id") });
    expect(res.body.error.details.missing_scopes).toEqual(["weather:read"]);
  });
});

describe("healthz and OpenAPI", () => {
  it("healthz reports the database", async () => {
    const { GET } = await routeModule("/api/healthz");
    const res = await call(GET, { path: "/api/healthz" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: "ok", runner: { mode: "local" } });
  });

  it("serves an OpenAPI 3.1 document built from the route contracts", async () => {
    const { GET } = await routeModule("/v1/openapi.json");
    const res = await GET(new Request("http://localhost/v1/openapi.json"));
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/developer/keys"].post.requestBody.content["application/json"].schema).toBeTruthy();
    expect(doc.paths["/v1/weather/health"].get.security).toEqual([{ apiKey: ["weather:read"] }]);
    expect(Object.keys(doc.paths["/api/developer/keys/{keyId}"]).sort()).toEqual(["delete", "patch"]); // revoke, rename
    // Response headers are documented with the bodies.
    const current = doc.paths["/v1/weather/current"].get.responses;
    expect(Object.keys(current["200"].headers)).toEqual(
      expect.arrayContaining([
        "X-Request-Id",
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
        "X-Cache-Status",
        "X-Weather-Snapshot-Id",
      ]),
    );
    expect(Object.keys(current["429"].headers)).not.toContain("X-Cache-Status");
    const visa429 = doc.paths["/v1/visa/check"].post.responses["429"].headers;
    expect(Object.keys(visa429)).toEqual(expect.arrayContaining(["Retry-After", "X-RateLimit-Remaining"]));
    expect(Object.keys(doc.paths["/v1/visa/check"].post.responses["401"].headers)).toEqual([
      "X-Request-Id",
      "WWW-Authenticate",
    ]);
  });
});
