import { inngest } from "./client";
import { pruneOpLog } from "@/lib/trips/prune-op-log";

/** Daily op-log retention (see docs/trips.md): prune in batches until nothing is due. */
export const tripOpLogPrune = inngest.createFunction(
  { id: "trip-op-log-prune", triggers: [{ cron: "17 3 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await step.run(`prune-batch-${i}`, () => pruneOpLog());
      total += n;
      if (n === 0) break;
    }
    return { pruned: total };
  },
);
