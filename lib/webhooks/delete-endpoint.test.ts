import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { securitySuite } from "@/lib/testing/security-suite";
import { emitEvent } from "@/lib/events/emit-event";
import { disableEndpoint } from "./endpoints";
import { deliveryTestWorld } from "./testing/delivery-world";
import { attemptsOf, drainDeliveries, endpointFor } from "./testing/helpers";

const single = await routeModule("/v1/webhooks/{webhook_id}");
const purge = await routeModule("/v1/webhooks/{webhook_id}/purge");
const world = deliveryTestWorld("0");

const CHANGE = "weather.change_detected" as const;
const at = (id: string, suffix = "") => ({ path: `/v1/webhooks/${id}${suffix}`, params: { webhook_id: id } });
const keyOf = (u: TestUser) => u.key(["weather:webhooks"]);

describe("POST /v1/webhooks/{id}/purge", () => {
  it("deletes a disabled endpoint with its deliveries and attempts; it then answers 404", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, world.rx.url("/gone"), [CHANGE]);
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
    await drainDeliveries();
    expect((await attemptsOf(ep.webhook_id)).length).toBeGreaterThan(0);
    expect((await call(single.DELETE, { method: "DELETE", ...at(ep.webhook_id), bearer: key })).status).toBe(200);

    const r = await call(purge.POST, { method: "POST", ...at(ep.webhook_id, "/purge"), bearer: key });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ webhook_id: ep.webhook_id, deleted: true });
    expect(await attemptsOf(ep.webhook_id)).toEqual([]);
    const left = await queryRows<{ n: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE id = ${ep.webhook_id}::uuid`,
    );
    expect(left[0].n).toBe(0);
    const audit = await queryRows<{ action: string }>(
      await getDb(),
      sql`SELECT action FROM audit_events WHERE target = ${`webhook_endpoint:${ep.webhook_id}`} ORDER BY created_at`,
    );
    expect(audit.map((a) => a.action)).toContain("webhook_endpoint.deleted");
    expect((await call(single.GET, { ...at(ep.webhook_id), bearer: key })).status).toBe(404);
    expect((await call(purge.POST, { method: "POST", ...at(ep.webhook_id, "/purge"), bearer: key })).status).toBe(404);
  });

  it("refuses an active endpoint with 409 and keeps it", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/keep", [CHANGE]);
    const r = await call(purge.POST, { method: "POST", ...at(ep.webhook_id, "/purge"), bearer: key });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("conflict");
    expect((await call(single.GET, { ...at(ep.webhook_id), bearer: key })).body.data.status).toBe("active");
  });
});

securitySuite({
  name: "POST /v1/webhooks/{id}/purge",
  handler: purge.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:webhooks"],
  family: "weather",
  ownedResource: true,
  target: async (owner) => {
    const ep = await endpointFor(owner.accountId, "https://hooks.example.com/s", [CHANGE]);
    await disableEndpoint(owner.accountId, ep.webhook_id);
    return at(ep.webhook_id, "/purge");
  },
});
