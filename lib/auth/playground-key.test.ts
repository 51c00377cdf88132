import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { countersOf } from "@/lib/billing/testing/seed-counters";
import { authSecret } from "./auth-secret";
import { PLAYGROUND_KEY_HEADER } from "./playground-key";
import { routeModule } from "@/lib/testing/route-registry";

const current = await routeModule("/v1/weather/current");
const route = await routeModule("/v1/weather/route");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

async function sessionCookie(u: TestUser): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;
}
const keyOf = (u: TestUser, scopes: Parameters<typeof createApiKey>[1]["scopes"]) =>
  createApiKey({ userId: u.userId, accountId: u.accountId }, { name: "playground test", scopes });

describe("playground calls: the session acting as one of the user's keys", () => {
  it("runs with the named key's scopes and bills the account", async () => {
    const u = await makeUser({ plan: "pro" });
    const k = await keyOf(u, ["weather:read"]);
    const res = await call(current.GET, {
      path: "/v1/weather/current?lat=48.85&lng=2.35",
      headers: { cookie: await sessionCookie(u), [PLAYGROUND_KEY_HEADER]: String(k.id) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("249999");
    expect((await countersOf(u.accountId)).requests).toBe(1);
  });

  it("refuses an endpoint the key has no scope for, in plain words with the machine code", async () => {
    const u = await makeUser({ plan: "pro" });
    const k = await keyOf(u, ["weather:read"]);
    const res = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      headers: {
        cookie: await sessionCookie(u),
        [PLAYGROUND_KEY_HEADER]: String(k.id),
        host: "localhost",
        origin: "http://localhost",
      },
      body: { origin: { lat: 48.85, lng: 2.35 }, destination: { lat: 49.44, lng: 1.1 }, transport_mode: "car" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect(res.body.error.details.missing_scopes).toEqual(["weather:route"]);
  });

  it("never lets a user act as someone else's key, a revoked key, or a malformed id", async () => {
    const owner = await makeUser({ plan: "pro" });
    const other = await makeUser({ plan: "pro" });
    const k = await keyOf(owner, ["weather:read"]);
    const asOther = await call(current.GET, {
      path: "/v1/weather/current?lat=48.85&lng=2.35",
      headers: { cookie: await sessionCookie(other), [PLAYGROUND_KEY_HEADER]: String(k.id) },
    });
    expect(asOther.status).toBe(401);
    expect((await countersOf(other.accountId)).requests).toBe(0);

    await revokeApiKey(owner.accountId, k.id);
    const revoked = await call(current.GET, {
      path: "/v1/weather/current?lat=48.85&lng=2.35",
      headers: { cookie: await sessionCookie(owner), [PLAYGROUND_KEY_HEADER]: String(k.id) },
    });
    expect(revoked.status).toBe(401);

    const malformed = await call(current.GET, {
      path: "/v1/weather/current?lat=48.85&lng=2.35",
      headers: { cookie: await sessionCookie(owner), [PLAYGROUND_KEY_HEADER]: "1 OR 1=1" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("bad_request");
  });

  it("explains a plan that does not include the endpoint (402) before anything is billed", async () => {
    const u = await makeUser({ plan: "free" });
    const k = await keyOf(u, ["weather:route"]);
    const res = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      headers: {
        cookie: await sessionCookie(u),
        [PLAYGROUND_KEY_HEADER]: String(k.id),
        host: "localhost",
        origin: "http://localhost",
      },
      body: { origin: { lat: 48.85, lng: 2.35 }, destination: { lat: 49.44, lng: 1.1 }, transport_mode: "car" },
    });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("billing_limit_reached");
    expect((await countersOf(u.accountId)).route_calls).toBe(0);
  });
});
