import { inngest } from "./client";
import { pruneRequestLog } from "@/lib/requests/list-requests";

/** Hourly request-log retention (7 days): prune in batches until nothing is due. */
export const requestLogPrune = inngest.createFunction(
  { id: "request-log-prune", triggers: [{ cron: "23 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await step.run(`prune-batch-${i}`, () => pruneRequestLog());
      total += n;
      if (n === 0) break;
    }
    return { pruned: total };
  },
);
