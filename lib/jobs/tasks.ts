import type { PollTask } from "./local-runner";
import { watchPollTasks } from "@/lib/watches/jobs/poll-tasks";
import { webhookPollTasks } from "@/lib/webhooks/jobs/poll-tasks";
import { tripPollTasks } from "@/lib/trips/poll-tasks";
import { weatherPollTasks } from "@/lib/weather/poll-tasks";
import { visaPollTasks } from "@/lib/visa/poll-tasks";
import { requestLogPollTasks } from "@/lib/requests/poll-tasks";

/** Every kind of background work, in the order a pass runs them. Each area adds its tasks. */
export function localTasks(): PollTask[] {
  // Watches first: their refreshes emit events the delivery task then sends in the same pass.
  return [...watchPollTasks(), ...webhookPollTasks(), ...tripPollTasks(), ...weatherPollTasks(), ...visaPollTasks(), ...requestLogPollTasks()];
}
