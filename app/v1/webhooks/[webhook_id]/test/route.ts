import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { sendTestEvent } from "@/lib/webhooks/manual-delivery";

export const POST = defineRoute(c.sendTestEvent, async ({ principal, params, body }) => ({
  status: 201,
  data: await sendTestEvent(principal.accountId, params.webhook_id, body ?? {}),
}));
