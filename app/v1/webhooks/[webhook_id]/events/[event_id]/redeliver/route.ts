import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { redeliverEvent } from "@/lib/webhooks/manual-delivery";

export const POST = defineRoute(c.redeliverEvent, async ({ principal, params }) => ({
  status: 202,
  data: await redeliverEvent(principal.accountId, params.webhook_id, params.event_id),
}));
