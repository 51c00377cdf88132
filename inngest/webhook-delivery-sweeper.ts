import { inngest } from "./client";
import { DELIVERY_SCHEDULED_EVENT } from "@/lib/webhooks/emit-event";
import { overdueDeliveryIds } from "@/lib/webhooks/sweep-overdue";
import { repairStrandedChains } from "@/lib/webhooks/repair-stranded";

/** Every minute: repair stranded chains, then re-announce overdue ones so a lost event can never lose a delivery. */
export const webhookDeliverySweeper = inngest.createFunction(
  { id: "webhook-delivery-sweeper", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const repaired = await step.run("repair-stranded-chains", () => repairStrandedChains());
    const ids = await step.run("find-overdue-deliveries", () => overdueDeliveryIds());
    if (ids.length > 0) {
      await step.sendEvent(
        "re-enqueue-deliveries",
        ids.map((id) => ({ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: id } })),
      );
    }
    return { requeued: ids.length, ...repaired };
  },
);
