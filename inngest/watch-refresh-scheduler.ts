import { inngest } from "./client";
import { getDb } from "@/lib/db/client";
import { accrueTodayWatchBilling } from "@/lib/watches/accrue-watch-billing";
import { claimDueWatches } from "@/lib/watches/claim-watches";
import { expireWatches } from "@/lib/watches/expire-watches";

export const WATCH_REFRESH_EVENT = "watches/refresh.requested";
const BATCH = 500;

/**
 * Every minute: retire ended watches, claim due ones (FOR UPDATE SKIP LOCKED,
 * each with a claim token) and fan out one refresh event per claim. A lost
 * event only delays a refresh: the claim lease lapses and the watch is due again.
 */
export const watchRefreshScheduler = inngest.createFunction(
  { id: "watch-refresh-scheduler", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const expired = await step.run("expire-ended-watches", () => expireWatches());
    const claims = await step.run("claim-due-watches", async () => claimDueWatches(await getDb(), BATCH));
    if (claims.length > 0) {
      await step.sendEvent(
        "fan-out-refreshes",
        claims.map((c) => ({ name: WATCH_REFRESH_EVENT, data: { watchId: c.id, claimToken: c.claimToken } })),
      );
    }
    // Accrual is idempotent per (watch, day); running it each minute bills a window the day it starts.
    const accrued = await step.run("accrue-today", () => accrueTodayWatchBilling());
    return { expired, claimed: claims.length, accrued };
  },
);
