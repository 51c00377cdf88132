import { describe, expect, it } from "vitest";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { deliveryTestWorld } from "./testing/delivery-world";
import { endpointFor, endpointRow } from "./testing/helpers";

/*
 * A test event answered 410 Gone (issue 43 item 11): the receiver says the URL is retired, so the
 * endpoint is disabled as for any other delivery (Standard Webhooks), not left active as before.
 */
const world = deliveryTestWorld("0,0");
const testEvent = await routeModule("/v1/webhooks/{webhook_id}/test");

describe("410 Gone on a test send", () => {
  it("disables the endpoint (auto_disabled_gone), and the answer shows the 410", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    world.rx.respond(() => ({ status: 410, body: "retired" }));
    const ep = await endpointFor(u.accountId, world.rx.url("/gone"), ["weather.change_detected"]);
    const res = await call(testEvent.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/test`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attempt).toMatchObject({ response_status: 410, attempt_number: 1 });
    expect(await endpointRow(ep.webhook_id)).toMatchObject({
      status: "disabled",
      disabledReason: "auto_disabled_gone",
    });
  });
});
