import { inngest } from "@/lib/jobs/inngest-client";
import { job } from "@/lib/registry/job-table";
import { cronOf } from "@/lib/jobs/schedule";
import { DELIVERY_SCHEDULED_EVENT } from "@/lib/events/emit-event";
import { overdueDeliveryIds } from "@/lib/webhooks/sweep-overdue";

const sweeper = job("webhook-delivery-sweeper");
const cadence = sweeper.trigger.kind === "cron" ? sweeper.trigger.cadence : { every: "minute" as const };

/**
 * The job table's `webhook-delivery-sweeper`: repair stranded chains (the
 * table's idempotent run, as the local runner does), then re-announce chains
 * overdue by more than a minute so a lost Inngest event can never lose a delivery.
 */
export const webhookDeliverySweeper = inngest.createFunction(
  { id: sweeper.name, triggers: [{ cron: cronOf(cadence) }], concurrency: { limit: sweeper.concurrency } },
  async ({ step }) => {
    const repaired = await step.run("repair-stranded-chains", () => sweeper.run());
    const ids = await step.run("find-overdue-deliveries", () => overdueDeliveryIds());
    if (ids.length > 0) {
      await step.sendEvent(
        "re-enqueue-deliveries",
        ids.map((id) => ({ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: id } })),
      );
    }
    return { requeued: ids.length, repaired };
  },
);
