import { defineRoute } from "@/lib/registry/route";
import { deleteDisabledEndpoint } from "@/lib/webhooks/delete-endpoint";
import { manageContracts as c } from "@/lib/webhooks/manage-contracts";

export const POST = defineRoute(c.deleteWebhook, async ({ principal, params }) => ({
  data: await deleteDisabledEndpoint(principal.accountId, params.webhook_id),
}));
