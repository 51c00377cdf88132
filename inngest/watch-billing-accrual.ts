import { inngest } from "./client";
import { accrueWatchBilling, utcDay } from "@/lib/watches/accrue-watch-billing";

/**
 * Daily watch billing, safety net for the per-minute pass in the scheduler:
 * just after midnight UTC it settles yesterday and opens today. Idempotent per
 * (watch, day), so overlapping with the scheduler never bills twice.
 */
export const watchBillingAccrual = inngest.createFunction(
  { id: "watch-billing-accrual", triggers: [{ cron: "5 0 * * *" }] },
  async ({ step }) => {
    const now = new Date();
    const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
    const today = utcDay(now);
    let billed = 0;
    for (const day of [yesterday, today]) {
      // Batches of 500 until the day is settled.
      for (let i = 0; i < 1000; i++) {
        const n = await step.run(`accrue-${day}-${i}`, () => accrueWatchBilling(day));
        billed += n;
        if (n === 0) break;
      }
    }
    return { billed };
  },
);
