import type { PollTask } from "@/lib/jobs/local-runner";
import { attemptDueDeliveries } from "../attempt-delivery";
import { repairStrandedChains } from "../repair-stranded";

const REPAIR_EVERY_MS = 60_000;

/** Local-runner work of the webhooks area: due delivery attempts, and a once-a-minute repair of stranded chains. */
export function webhookPollTasks(): PollTask[] {
  let nextRepairAt = 0;
  return [
    { name: "webhook-deliveries", run: () => attemptDueDeliveries() },
    {
      name: "webhook-chain-repair",
      async run() {
        if (Date.now() < nextRepairAt) return 0;
        const r = await repairStrandedChains();
        const n = r.rescheduled + r.ended;
        if (n === 0) nextRepairAt = Date.now() + REPAIR_EVERY_MS;
        return n;
      },
    },
  ];
}
