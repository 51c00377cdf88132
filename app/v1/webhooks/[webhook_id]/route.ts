import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { disableEndpoint, getEndpoint } from "@/lib/webhooks/endpoints";
import { manageContracts as m } from "@/lib/webhooks/manage-contracts";
import { updateEndpoint } from "@/lib/webhooks/manage-endpoint";

export const GET = defineRoute(c.getWebhook, async ({ principal, params }) => ({
  data: await getEndpoint(principal.accountId, params.webhook_id),
}));

export const DELETE = defineRoute(c.disableWebhook, async ({ principal, params }) => ({
  data: await disableEndpoint(principal.accountId, params.webhook_id),
}));

export const PATCH = defineRoute(m.updateWebhook, async ({ principal, params, body }) => ({
  data: await updateEndpoint(principal.accountId, params.webhook_id, body),
}));
