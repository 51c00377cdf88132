import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { emitEvent } from "@/lib/events/emit-event";
import { deliveryTestWorld } from "./testing/delivery-world";
import { drainDeliveries, endpointFor } from "./testing/helpers";

/*
 * A retry after the endpoint moved (issue 43 item 6): the chain was addressed to the old url at
 * emit, but every attempt goes to the endpoint's current url, signed with its current secret.
 * Before this, retries kept going to the old url for the whole schedule (~32 h).
 */
const world = deliveryTestWorld("0,3600");
const single = await routeModule("/v1/webhooks/{webhook_id}");
const rotate = await routeModule("/v1/webhooks/{webhook_id}/secret/rotate");

describe("retries follow the endpoint", () => {
  it("after a PATCH of the url and a secret rotation, the next attempt goes to the new url with the new secret", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    world.rx.respond((req) => (req.url === "/old" ? { status: 503 } : { status: 200 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/old"), ["weather.change_detected"]);
    const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { n: 1 } });
    await drainDeliveries(); // attempt 1 fails at /old; attempt 2 is due in an hour

    const at = { params: { webhook_id: ep.webhook_id }, bearer: key };
    const moved = await call(single.PATCH, {
      method: "PATCH",
      path: `/v1/webhooks/${ep.webhook_id}`,
      body: { url: world.rx.url("/new") },
      ...at,
    });
    expect(moved.status, moved.text).toBe(200);
    const rotated = await call(rotate.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/secret/rotate`,
      body: { grace_period_hours: 0 },
      ...at,
    });
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    await (
      await getDb()
    ).execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE event_id = ${eventId}::uuid AND status = 'pending'`,
    );
    await drainDeliveries();

    const hits = world.rx.requests.filter((r) => r.headers["webhook-id"] === eventId);
    expect(hits.map((r) => r.url)).toEqual(["/old", "/new"]);
    const last = hits[1];
    const verified = new StandardWebhook(newSecret).verify(last.rawBody, {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    });
    expect(verified).toMatchObject({ id: eventId, type: "weather.change_detected" });
  });
});
