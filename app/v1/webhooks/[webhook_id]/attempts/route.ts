import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { listAttempts } from "@/lib/webhooks/endpoints";

export const GET = defineRoute(c.listAttempts, async ({ principal, params, query }) => ({
  data: await listAttempts(principal.accountId, params.webhook_id, query),
}));
