import type { PollTask } from "@/lib/jobs/local-runner";
import { pruneOpLog } from "./prune-op-log";

const PRUNE_EVERY_MS = 3600_000;

/**
 * Local-runner work of the trips area: op-log retention. Pruning is idempotent,
 * so the hourly throttle is process-local (a second instance only repeats a no-op).
 */
export function tripPollTasks(): PollTask[] {
  let nextAt = 0;
  let draining = false;
  return [
    {
      name: "trip-op-log-prune",
      async run() {
        if (!draining && Date.now() < nextAt) return 0;
        const n = await pruneOpLog();
        draining = n > 0;
        if (!draining) nextAt = Date.now() + PRUNE_EVERY_MS;
        return n;
      },
    },
  ];
}
