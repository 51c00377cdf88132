import type { PollTask } from "@/lib/jobs/local-runner";
import { attemptDueDeliveries } from "../attempt-delivery";

/** Local-runner work of the webhooks area: due delivery attempts. */
export function webhookPollTasks(): PollTask[] {
  return [{ name: "webhook-deliveries", run: () => attemptDueDeliveries() }];
}
