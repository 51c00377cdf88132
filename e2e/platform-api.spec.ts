import { test, expect } from "@playwright/test";

// The request pipeline over real HTTP against `next start`: clean 4xx for every kind of bad request.
test.describe("platform API over HTTP", () => {
  test("healthz is up and the OpenAPI document is served", async ({ request }) => {
    const h = await request.get("/api/healthz");
    expect(h.status()).toBe(200);
    expect(await h.json()).toMatchObject({
      status: "ok",
      database: "ok",
      runner: { mode: "local", status: expect.stringMatching(/^(ok|starting)$/) },
    });
    const doc = await (await request.get("/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/v1/weather/health");
  });

  test("missing and malformed credentials are 401 in the weather envelope", async ({ request }) => {
    const none = await request.get("/v1/weather/health");
    expect(none.status()).toBe(401);
    const body = await none.json();
    expect(body.error.code).toBe("unauthorized");
    expect(body.meta.request_id).toBe(none.headers()["x-request-id"]);
    const bad = await request.get("/v1/weather/health", { headers: { authorization: "Bearer nope" } });
    expect(bad.status()).toBe(401);
  });

  test("malformed JSON, wrong content type, oversized body and unknown methods get clean 4xx", async ({ request }) => {
    const malformed = await request.post("/api/auth/sign-up", {
      data: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).error.code).toBe("bad_request");

    const wrongType = await request.post("/api/auth/sign-up", {
      data: "email=a",
      headers: { "content-type": "text/plain" },
    });
    expect(wrongType.status()).toBe(415);

    const big = await request.post("/api/auth/sign-up", {
      data: JSON.stringify({ email: "x@example.test", password: "p".repeat(2_000_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(big.status()).toBe(413);

    const put = await request.put("/api/healthz");
    expect(put.status()).toBe(405);
  });

  test("cross-origin cookie POST is refused", async ({ request }) => {
    const res = await request.post("/api/developer/keys", {
      data: { name: "x", scopes: ["read"] },
      headers: { origin: "https://evil.example", cookie: "next-auth.session-token=forged" },
    });
    expect([401, 403]).toContain(res.status());
  });
});
