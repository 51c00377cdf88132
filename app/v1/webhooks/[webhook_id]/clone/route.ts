import { defineRoute } from "@/lib/registry/route";
import { manageContracts as c } from "@/lib/webhooks/manage-contracts";
import { cloneEndpoint } from "@/lib/webhooks/manage-endpoint";

export const POST = defineRoute(c.cloneWebhook, async ({ principal, params }) => ({
  status: 201,
  data: await cloneEndpoint(principal.accountId, params.webhook_id),
  headers: { "Cache-Control": "no-store" },
}));
