import { inngest } from "@/lib/jobs/inngest-client";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { WATCH_REFRESH_EVENT } from "./watch-refresh-scheduler";

/** Refreshes one claimed watch; a duplicate event finds its claim gone and skips. */
export const watchRefresh = inngest.createFunction(
  { id: "watch-refresh", triggers: [{ event: WATCH_REFRESH_EVENT }], retries: 0 },
  async ({ event, step }) => {
    const { watchId, claimToken } = event.data as { watchId: string; claimToken: string };
    return step.run("refresh-watch", () => refreshWatch(watchId, { claim: { id: watchId, claimToken } }));
  },
);
