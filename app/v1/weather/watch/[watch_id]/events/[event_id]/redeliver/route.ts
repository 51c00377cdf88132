import { defineRoute } from "@/lib/registry/route";
import { eventContracts as c } from "@/lib/webhooks/event-contracts";
import { redeliverToWatch } from "@/lib/webhooks/watch-deliveries";

export const POST = defineRoute(c.redeliverWatchEvent, async ({ principal, params }) => ({
  status: 202,
  data: await redeliverToWatch(principal.accountId, params.watch_id, params.event_id),
}));
