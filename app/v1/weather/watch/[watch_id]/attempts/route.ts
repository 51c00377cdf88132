import { defineRoute } from "@/lib/registry/route";
import { eventContracts as c } from "@/lib/webhooks/event-contracts";
import { listWatchAttempts } from "@/lib/webhooks/watch-deliveries";

export const GET = defineRoute(c.listWatchAttempts, async ({ principal, params, query }) => ({
  data: await listWatchAttempts(principal.accountId, params.watch_id, query),
}));
