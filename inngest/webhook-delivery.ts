import { inngest } from "@/lib/jobs/inngest-client";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { DELIVERY_SCHEDULED_EVENT } from "@/lib/events/emit-event";

/** Upper bound on loop turns: the longest chain plus a couple of lease waits. */
const MAX_TURNS = 64;

/**
 * One delivery chain (DESIGN section 6): attempt when due, then sleep until
 * the next attempt Postgres scheduled, until the chain is delivered or gives
 * up. Every turn is an idempotent claim, so a duplicate loop (sweeper) is
 * harmless; it exits after finding nothing to do twice in a row.
 */
export const webhookDelivery = inngest.createFunction(
  { id: "webhook-delivery", triggers: [{ event: DELIVERY_SCHEDULED_EVENT }], retries: 3 },
  async ({ event, step }) => {
    const deliveryId = (event.data as { delivery_id: string }).delivery_id;
    let idle = 0;
    for (let turn = 1; turn <= MAX_TURNS; turn++) {
      const r = await step.run(`attempt-${turn}`, () => attemptDelivery(deliveryId));
      if (!r.nextAttemptAt) return { delivery_id: deliveryId, turns: turn, done: true };
      idle = r.outcome === "not_due" ? idle + 1 : 0;
      if (idle >= 2) return { delivery_id: deliveryId, turns: turn, done: false };
      await step.sleepUntil(`wait-${turn}`, r.nextAttemptAt);
    }
    return { delivery_id: deliveryId, turns: MAX_TURNS, done: false };
  },
);
