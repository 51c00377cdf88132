import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const current = await routeModule("/v1/weather/current");
const route = await routeModule("/v1/weather/route");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

it("a weather 403 insufficient_scope carries the caller's X-RateLimit-* headers (docs/billing.md: every post-authentication response)", async () => {
  const u = await makeUser();
  const key = await u.key(["read"]);
  const allowed = await u.key(["weather:read"]);
  const ok = await call(current.GET, { path: "/v1/weather/current?lat=38.72&lon=-9.14", bearer: allowed });
  const refusedGet = await call(current.GET, { path: "/v1/weather/current?lat=38.72&lon=-9.14", bearer: key });
  const refusedPost = await call(route.POST, { method: "POST", path: "/v1/weather/route", bearer: key, body: {} });
  for (const res of [refusedGet, refusedPost]) {
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
  }
  // The same account's figures as on an admitted call (and nothing was billed by the refusals).
  expect(refusedGet.headers.get("x-ratelimit-limit")).toBe(ok.headers.get("x-ratelimit-limit"));
  expect(refusedPost.headers.get("x-ratelimit-remaining")).toBe(refusedGet.headers.get("x-ratelimit-remaining"));
});
