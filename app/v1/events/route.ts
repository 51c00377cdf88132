import { defineRoute } from "@/lib/registry/route";
import { eventContracts as c } from "@/lib/webhooks/event-contracts";
import { listEvents } from "@/lib/webhooks/event-log";

export const GET = defineRoute(c.listEvents, async ({ principal, query }) => ({
  data: await listEvents(principal.accountId, query),
}));
