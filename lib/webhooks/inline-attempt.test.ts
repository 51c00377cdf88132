import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { createDeliveries, emitEvent } from "@/lib/events/emit-event";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { attemptNow } from "./manual-delivery";
import { deliveryTestWorld } from "./testing/delivery-world";
import { drainDeliveries, endpointFor } from "./testing/helpers";

/*
 * A test send or a redelivery is made inline by the request that created it. A runner polling between
 * the request's commit and its claim took it (e2e, under load), and the portal said "queued" for a
 * delivery the runner had already made. The single delivery is now held for the request for one lease.
 */
const world = deliveryTestWorld("0");
const CHANGE = "weather.change_detected" as const;

async function singleDelivery() {
  const u = await makeUser();
  const ep = await endpointFor(u.accountId, world.rx.url("/inline"), [CHANGE]);
  const ev = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
  await drainDeliveries(); // the event's own chain
  const [id] = await createDeliveries(await getDb(), { id: ev.eventId, createdAt: ev.createdAt }, u.accountId, [
    { kind: "manual", url: ep.url, endpointId: ep.webhook_id, watchId: null },
  ]);
  return id;
}

describe("the inline attempt of a single delivery", () => {
  it("a runner polling between the request's commit and its claim leaves it alone; the request makes the attempt", async () => {
    const id = await singleDelivery();
    const before = world.rx.requests.length;
    expect(await attemptDueDeliveries()).toBe(0);
    expect(world.rx.requests).toHaveLength(before);
    expect(await attemptNow(id)).toMatchObject({ status: "delivered", response_status: 200 });
    expect(world.rx.requests).toHaveLength(before + 1);
    expect(await attemptNow(id)).toBeNull(); // made once
  });

  it("a request that never attempts it (its process died) leaves it to the runner once the hold is over", async () => {
    const id = await singleDelivery();
    const before = world.rx.requests.length;
    await (await getDb()).execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${id}::uuid`);
    expect(await drainDeliveries()).toBe(1);
    expect(world.rx.requests).toHaveLength(before + 1);
    expect(await attemptNow(id)).toBeNull();
  });
});
