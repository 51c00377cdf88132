import { defineRoute } from "@/lib/registry/route";
import { eventContracts as c } from "@/lib/webhooks/event-contracts";
import { getEvent } from "@/lib/webhooks/event-log";

export const GET = defineRoute(c.getEvent, async ({ principal, params }) => ({
  data: await getEvent(principal.accountId, params.event_id),
}));
