import type { PollTask } from "@/lib/jobs/local-runner";
import { pruneVisaUsageWindows } from "./prune-usage-windows";

const PRUNE_EVERY_MS = 3600_000;

/** Local-runner work of the visa area: hourly usage-window retention (process-local throttle; pruning is idempotent). */
export function visaPollTasks(): PollTask[] {
  let nextAt = 0;
  let draining = false;
  return [
    {
      name: "visa-usage-window-prune",
      async run() {
        if (!draining && Date.now() < nextAt) return 0;
        const n = await pruneVisaUsageWindows();
        draining = n > 0;
        if (!draining) nextAt = Date.now() + PRUNE_EVERY_MS;
        return n;
      },
    },
  ];
}
