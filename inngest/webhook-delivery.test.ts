import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent, DELIVERY_SCHEDULED_EVENT } from "@/lib/events/emit-event";
import { trustExtraCa } from "@/lib/webhooks/post-signed";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/https-receiver";
import { attemptsOf, endpointFor, setWebhookEnv } from "@/lib/webhooks/testing/helpers";
import { webhookDelivery } from "./webhook-delivery";
import { webhookDeliverySweeper } from "./webhook-delivery-sweeper";

/** Sleeps are not run by the test engine; they are mocked as elapsed. */
const sleepsElapsed = Array.from({ length: 8 }, (_, i) => ({ id: `wait-${i + 1}`, handler: () => null }));

let t: TestDatabase;
let rx: Receiver;
beforeAll(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
  t = await createTestDatabase();
  rx = await startReceiver();
  trustExtraCa(rx.cert);
});
afterAll(async () => {
  await rx.close();
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
});

describe("inngest webhook-delivery", () => {
  it("attempts, sleeps until the scheduled retry, and finishes when delivered", async () => {
    const u = await makeUser();
    rx.respond((_r, i) => (i === 0 ? { status: 500 } : { status: 200 }));
    const ep = await endpointFor(u.accountId, rx.url("/inngest"), ["weather.change_detected"]);
    const { deliveryIds } = await emitEvent({
      accountId: u.accountId,
      type: "weather.change_detected",
      data: { x: 1 },
    });

    const engine = new InngestTestEngine({ function: webhookDelivery });
    const { result, ctx } = await engine.execute({
      events: [{ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: deliveryIds[0] } }],
      steps: sleepsElapsed,
    });
    expect(result).toMatchObject({ delivery_id: deliveryIds[0], done: true, turns: 2 });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-1", expect.any(String));
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => a.status)).toEqual(["retrying", "delivered"]);

    // Running the same event again (a duplicate) attempts nothing.
    const again = await new InngestTestEngine({ function: webhookDelivery }).execute({
      events: [{ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: deliveryIds[0] } }],
      steps: sleepsElapsed,
    });
    expect(again.result).toMatchObject({ done: true });
    expect(await attemptsOf(ep.webhook_id)).toHaveLength(2);
  });
});

describe("inngest webhook-delivery-sweeper", () => {
  it("re-announces overdue pending chains", async () => {
    const u = await makeUser();
    await endpointFor(u.accountId, rx.url("/swept"), ["weather.change_detected"]);
    const { deliveryIds } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: {} });
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '10 minutes' WHERE id = ${deliveryIds[0]}`,
    );

    // The fan-out step is mocked: the test has no Inngest server to send to.
    const { result, ctx } = await new InngestTestEngine({ function: webhookDeliverySweeper }).execute({
      steps: [{ id: "re-enqueue-deliveries", handler: () => ({ ids: [] }) }],
    });
    expect(result).toEqual({ requeued: 1, repaired: 0 });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("re-enqueue-deliveries", [
      { name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: deliveryIds[0] } },
    ]);
  });
});
