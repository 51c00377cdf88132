import { inngest } from "@/lib/jobs/inngest-client";
import { getDb } from "@/lib/db/client";
import { claimDueWatches } from "@/lib/watches/claim-watches";

export const WATCH_REFRESH_EVENT = "watches/refresh.requested";
const BATCH = 500;

/**
 * Every minute (job table: `watch-refresh`): claim due watches (FOR UPDATE
 * SKIP LOCKED, each with a claim token) and fan out one refresh event per
 * claim. A lost event only delays a refresh: the claim lease lapses and the
 * watch is due again. Expiry and billing accrual are their own cron jobs.
 */
export const watchRefreshScheduler = inngest.createFunction(
  { id: "watch-refresh-scheduler", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const claims = await step.run("claim-due-watches", async () => claimDueWatches(await getDb(), BATCH));
    if (claims.length > 0) {
      await step.sendEvent(
        "fan-out-refreshes",
        claims.map((c) => ({ name: WATCH_REFRESH_EVENT, data: { watchId: c.id, claimToken: c.claimToken } })),
      );
    }
    return { claimed: claims.length };
  },
);
