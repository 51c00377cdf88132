import type { PollTask } from "@/lib/jobs/local-runner";
import { accrueTodayWatchBilling } from "../accrue-watch-billing";
import { expireWatches } from "../expire-watches";
import { refreshDueWatches } from "../run-due-watches";

/** Local-mode background work for watches, in the order a pass runs them. */
export function watchPollTasks(): PollTask[] {
  return [
    { name: "watches.expire", run: () => expireWatches() },
    { name: "watches.refresh-due", run: () => refreshDueWatches() },
    { name: "watches.accrue-billing", run: () => accrueTodayWatchBilling() },
  ];
}
