import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const environment = await routeModule("/api/developer/environment");
const simulations = await routeModule("/v1/weather/simulations");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const path = "/api/developer/environment";
const same = { host: "localhost", origin: "http://localhost" };

describe("POST /api/developer/environment (portal switch)", () => {
  it("a production account switches to sandbox and back; its keys follow on the next request", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:read"]);
    const cookie = `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;
    const sim = () =>
      call(simulations.POST, {
        method: "POST",
        path: "/v1/weather/simulations",
        bearer: key,
        body: { lat: 45.1, lng: 7.6, kind: "fog" },
      });
    expect((await sim()).status).toBe(403);

    const on = await call(environment.POST, {
      method: "POST",
      path,
      headers: { cookie, ...same },
      body: { environment: "sandbox" },
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ account_id: u.accountId, environment: "sandbox", plan: "starter" });
    expect((await sim()).status).toBe(201);

    const off = await call(environment.POST, {
      method: "POST",
      path,
      headers: { cookie, ...same },
      body: { environment: "production" },
    });
    expect(off.body.environment).toBe("production");
    expect((await sim()).status).toBe(403);
  });

  it("needs the session (an API key is not enough), the same origin, and a known environment", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    const cookie = `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;
    expect(
      (await call(environment.POST, { method: "POST", path, bearer: key, body: { environment: "sandbox" } })).status,
    ).toBe(401);
    const cross = await call(environment.POST, {
      method: "POST",
      path,
      headers: { cookie, host: "localhost", origin: "https://evil.example" },
      body: { environment: "sandbox" },
    });
    expect(cross.status).toBe(403);
    expect(
      (
        await call(environment.POST, {
          method: "POST",
          path,
          headers: { cookie, ...same },
          body: { environment: "staging" },
        })
      ).status,
    ).toBe(400);
  });
});
