import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";

export const POST = defineRoute(c.createWebhook, async ({ principal, body }) => ({
  status: 201,
  data: await createEndpoint(principal.accountId, body),
}));

export const GET = defineRoute(c.listWebhooks, async ({ principal }) => ({
  data: { webhooks: await listEndpoints(principal.accountId) },
}));
