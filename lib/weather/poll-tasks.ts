import type { PollTask } from "@/lib/jobs/local-runner";
import { pruneWeatherSnapshots } from "./prune-snapshots";

const PRUNE_EVERY_MS = 3600_000;

/** Local-runner work of the weather core: hourly snapshot retention (process-local throttle; pruning is idempotent). */
export function weatherPollTasks(): PollTask[] {
  let nextAt = 0;
  let draining = false;
  return [
    {
      name: "weather-snapshot-prune",
      async run() {
        if (!draining && Date.now() < nextAt) return 0;
        const n = await pruneWeatherSnapshots();
        draining = n > 0;
        if (!draining) nextAt = Date.now() + PRUNE_EVERY_MS;
        return n;
      },
    },
  ];
}
