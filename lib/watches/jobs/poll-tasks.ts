import type { PollTask } from "@/lib/jobs/local-runner";
import { accrueTodayWatchBilling } from "../accrue-watch-billing";
import { expireWatches } from "../expire-watches";
import { refreshDueWatches } from "../run-due-watches";

/** When a pass found nothing to bill, the next one waits this long (accrual is idempotent, so this only saves queries). */
const ACCRUAL_IDLE_INTERVAL_MS = 30_000;

/** Local-mode background work for watches, in the order a pass runs them. */
export function watchPollTasks(): PollTask[] {
  let accrualIdleUntil = 0;
  return [
    { name: "watches.expire", run: () => expireWatches() },
    { name: "watches.refresh-due", run: () => refreshDueWatches() },
    {
      name: "watches.accrue-billing",
      async run() {
        if (Date.now() < accrualIdleUntil) return 0;
        const n = await accrueTodayWatchBilling();
        if (n === 0) accrualIdleUntil = Date.now() + ACCRUAL_IDLE_INTERVAL_MS;
        return n;
      },
    },
  ];
}
