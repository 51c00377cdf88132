import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { createWatchVia } from "@/lib/watches/testing/watch-fixtures";
import { setPlan } from "@/lib/accounts/set-plan";
import { countersOf, dailyUnitsOf } from "./testing/seed-counters";
import { routeModule } from "@/lib/testing/route-registry";

const watchRoute = await routeModule("/v1/weather/watch");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");
const webhooksRoute = await routeModule("/v1/webhooks");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const cookieOf = async (u: TestUser) =>
  `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;

describe("no billing from looking", () => {
  it("a session-driven watch page refresh bills 0 units and counts no request; the same read with a key bills 1", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    const before = await countersOf(u.accountId);
    const unitsBefore = await dailyUnitsOf(u.accountId);
    const cookie = await cookieOf(u);

    // What the open watch page does on its own: the detail, again and again.
    for (let i = 0; i < 5; i++) {
      const res = await call(watchById.GET, {
        path: `/v1/weather/watch/${watch.watch_id}`,
        params: { watch_id: watch.watch_id },
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(res.body.meta.billing_units).toBe(0);
    }
    const list = await call(watchRoute.GET, { path: "/v1/weather/watch", headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.body.meta.billing_units).toBe(0);

    expect(await countersOf(u.accountId)).toEqual(before);
    expect(await dailyUnitsOf(u.accountId)).toEqual(unitsBefore);

    const viaKey = await call(watchById.GET, {
      path: `/v1/weather/watch/${watch.watch_id}`,
      params: { watch_id: watch.watch_id },
      bearer: key,
    });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.meta.billing_units).toBe(1);
    expect((await countersOf(u.accountId)).requests).toBe(before.requests + 1);
    expect((await dailyUnitsOf(u.accountId))["weather.watch.get"]).toEqual({ units: 1, calls: 1 });
  });

  it("portal reads still answer when the monthly request cap is used up (they never count toward a quota)", async () => {
    const u = await makeUser({ plan: "starter" });
    const { watch, key } = await createWatchVia(u);
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 1 } });
    const path = { path: `/v1/weather/watch/${watch.watch_id}`, params: { watch_id: watch.watch_id } };

    const viaKey = await call(watchById.GET, { ...path, bearer: key });
    expect(viaKey.status).toBe(429);
    expect(viaKey.body.error.code).toBe("rate_limit_exceeded");

    const viaSession = await call(watchById.GET, { ...path, headers: { cookie: await cookieOf(u) } });
    expect(viaSession.status).toBe(200);
    expect(viaSession.body.data.watch_id).toBe(watch.watch_id);
    expect((await countersOf(u.accountId)).requests).toBe(1);
  });

  it("webhook endpoint lists read with the session bill 0 units", async () => {
    const u = await makeUser({ plan: "starter" });
    const res = await call(webhooksRoute.GET, { path: "/v1/webhooks", headers: { cookie: await cookieOf(u) } });
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(0);
  });
});
