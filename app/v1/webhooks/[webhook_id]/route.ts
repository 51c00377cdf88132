import { defineRoute } from "@/lib/http/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { disableEndpoint, getEndpoint } from "@/lib/webhooks/endpoints";

export const GET = defineRoute(c.getWebhook, async ({ principal, params }) => ({
  data: await getEndpoint(principal.accountId, params.webhook_id),
}));

export const DELETE = defineRoute(c.disableWebhook, async ({ principal, params }) => ({
  data: await disableEndpoint(principal.accountId, params.webhook_id),
}));
