import { inngest } from "./client";
import { pruneVisaUsageWindows } from "@/lib/visa/prune-usage-windows";

/** Hourly visa usage-window retention (docs/visa.md): prune in batches until nothing is due. */
export const visaUsageWindowPrune = inngest.createFunction(
  { id: "visa-usage-window-prune", triggers: [{ cron: "23 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await step.run(`prune-batch-${i}`, () => pruneVisaUsageWindows());
      total += n;
      if (n === 0) break;
    }
    return { pruned: total };
  },
);
