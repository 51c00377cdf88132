import type { PollTask } from "@/lib/jobs/local-runner";
import { pruneRequestLog } from "./list-requests";

const PRUNE_EVERY_MS = 3600_000;

/** Local-runner work of the request log: hourly retention prune (idempotent; drains in batches). */
export function requestLogPollTasks(): PollTask[] {
  let nextAt = 0;
  let draining = false;
  return [
    {
      name: "request-log-prune",
      async run() {
        if (!draining && Date.now() < nextAt) return 0;
        const n = await pruneRequestLog();
        draining = n > 0;
        if (!draining) nextAt = Date.now() + PRUNE_EVERY_MS;
        return n;
      },
    },
  ];
}
