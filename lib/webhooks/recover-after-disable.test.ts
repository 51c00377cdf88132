import { describe, expect, it } from "vitest";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { EXHAUSTED_CHAIN_THRESHOLD } from "./auto-disable";
import { emitEvent } from "@/lib/events/emit-event";
import { deliveryTestWorld } from "./testing/delivery-world";
import { drainDeliveries, endpointFor, endpointRow } from "./testing/helpers";

/*
 * Recover after an auto-disable (issue 43 item 5), against a real HTTPS receiver: the 6th given-up
 * chain in 24 h disables the endpoint; the endpoint is never re-enabled (spec), but its clone
 * receives, through recover, every event that failed on it: the given-up chains and those cut
 * short by the disable. Before this, recover answered 409 and the clone's recover counted 0.
 */
const world = deliveryTestWorld("0,0");
const recoverRoute = await routeModule("/v1/webhooks/{webhook_id}/recover");
const cloneRoute = await routeModule("/v1/webhooks/{webhook_id}/clone");

const recover = (key: string, id: string, body: unknown) =>
  call(recoverRoute.POST, {
    method: "POST",
    path: `/v1/webhooks/${id}/recover`,
    bearer: key,
    body,
    params: { webhook_id: id },
  });
const cloneOf = (key: string, id: string) =>
  call(cloneRoute.POST, { method: "POST", path: `/v1/webhooks/${id}/clone`, bearer: key, params: { webhook_id: id } });

describe("recover after an auto-disable", () => {
  it("re-sends into the clone everything that failed on the disabled endpoint, once; the disabled one stays disabled", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    let up = false;
    world.rx.respond(() => (up ? { status: 200 } : { status: 503 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/hook"), ["weather.change_detected"]);
    const since = new Date(Date.now() - 1000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < EXHAUSTED_CHAIN_THRESHOLD; i++) {
      ids.push((await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { n: i } })).eventId);
    }
    await drainDeliveries();
    expect(await endpointRow(ep.webhook_id)).toMatchObject({
      status: "disabled",
      disabledReason: "auto_disabled_giveup_window",
    });

    // No clone yet: 409 that names the way out.
    const refused = await recover(key, ep.webhook_id, { since });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`/v1/webhooks/${ep.webhook_id}/clone`);

    const clone = await cloneOf(key, ep.webhook_id);
    expect(clone.status, clone.text).toBe(201);
    const cloneId = clone.body.data.webhook_id as string;
    up = true;
    // Called on the disabled endpoint, recover runs into its clone.
    const first = await recover(key, ep.webhook_id, { since });
    expect(first.status, first.text).toBe(202);
    expect(first.body.data).toMatchObject({
      webhook_id: cloneId,
      from_webhook_ids: [cloneId, ep.webhook_id],
      count: EXHAUSTED_CHAIN_THRESHOLD,
    });
    // Called on the clone while those are pending: nothing twice.
    expect((await recover(key, cloneId, { since })).body.data.count).toBe(0);
    await drainDeliveries();
    const atClone = world.rx.requests
      .filter((r) => r.url === "/hook" && r.headers["webhook-id"] && r.headers["webhook-signature"])
      .map((r) => r.headers["webhook-id"] as string);
    for (const id of ids) expect(atClone.filter((x) => x === id)).toHaveLength(3); // 2 failed + 1 recovered
    // Delivered now: another recover finds nothing; the disabled endpoint is still disabled.
    expect((await recover(key, cloneId, { since })).body.data.count).toBe(0);
    expect((await endpointRow(ep.webhook_id)).status).toBe("disabled");
    expect((await endpointRow(cloneId)).status).toBe("active");
  });

  it("refuses a window that starts in the future (400 in the envelope)", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    const ep = await endpointFor(u.accountId, world.rx.url("/x"), ["weather.change_detected"]);
    const res = await recover(key, ep.webhook_id, { since: new Date(Date.now() + 3_600_000).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/since must not be in the future/);
  });
});
