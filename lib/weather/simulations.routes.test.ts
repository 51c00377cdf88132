import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { weatherCommands } from "@/scripts/admin/weather";
import { routeModule } from "@/lib/testing/route-registry";

const simulations = await routeModule("/v1/weather/simulations");
const current = await routeModule("/v1/weather/current");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const rome = { lat: 41.9028, lng: 12.4964 };

securitySuite({
  name: "POST /v1/weather/simulations",
  handler: simulations.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:read"],
  wrongScope: "weather:route",
  plan: "pro",
  target: async () => ({ path: "/v1/weather/simulations", body: { ...rome, kind: "fog" } }),
});

describe("POST /v1/weather/simulations", () => {
  it("sandbox accounts inject conditions that the next current call shows", async () => {
    const u = await makeUser({ plan: "pro", environment: "sandbox" });
    const k = await u.key(["weather:read"]);
    const res = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: k,
      body: { ...rome, kind: "thunderstorm" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ simulation_id: expect.any(String), geohash: "sr2yk", kind: "thunderstorm" });
    expect(Date.parse(res.body.data.ends_at) - Date.parse(res.body.data.starts_at)).toBe(6 * 3_600_000);
    expect(res.body.meta.billing_units).toBe(0);
    const cur = await call(current.GET, { path: `/v1/weather/current?lat=${rome.lat}&lng=${rome.lng}`, bearer: k });
    expect(cur.body.data.current.condition.code).toBe("thunderstorm");
    expect(cur.body.data.risk).toMatchObject({
      level: "warning",
      reasons: expect.arrayContaining([expect.objectContaining({ code: "thunderstorm", level: "warning" })]),
    });
  });

  it("production accounts get 403; bad bodies get 400", async () => {
    const prod = await (await makeUser({ plan: "pro" })).key(["weather:read"]);
    const res = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: prod,
      body: { ...rome, kind: "fog" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/sandbox/);
    const sb = await (await makeUser({ environment: "sandbox" })).key(["weather:read"]);
    for (const b of [
      { ...rome, kind: "locusts" },
      { lat: 100, lng: 0, kind: "fog" },
      { ...rome, kind: "fog", starts_at: "2026-01-02T00:00:00Z", ends_at: "2026-01-01T00:00:00Z" },
    ]) {
      const r = await call(simulations.POST, { method: "POST", path: "/v1/weather/simulations", bearer: sb, body: b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
  });
});

describe("admin CLI inject-weather", () => {
  it("stores an injection visible to API readers of the cell", async () => {
    const flags = weatherCommands["inject-weather"].flags.parse({
      lat: "59.33",
      lng: "18.07",
      kind: "cold",
      hours: "3",
    });
    const out = await weatherCommands["inject-weather"].run(flags);
    expect(out).toMatchObject({ geohash: "u6sce", kind: "cold" });
    const k = await (await makeUser({ environment: "sandbox" })).key(["weather:read"]);
    const cur = await call(current.GET, { path: "/v1/weather/current?lat=59.33&lng=18.07", bearer: k });
    expect(cur.body.data.current.temperature).toBe(-22);
    expect(cur.body.data.risk.reasons.map((r: { code: string }) => r.code)).toContain("cold");
    const stats = await weatherCommands["weather-cache-stats"].run(
      weatherCommands["weather-cache-stats"].flags.parse({ lat: "59.33", lng: "18.07", environment: "sandbox" }),
    );
    expect(stats).toEqual({ cache_key: "simulated:u6sce", snapshots: 1 });
  });
});
