import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { recoverFailed } from "@/lib/webhooks/recover-failed";

export const POST = defineRoute(c.recoverFailed, async ({ principal, params, body }) => ({
  status: 202,
  data: await recoverFailed({ accountId: principal.accountId, plan: principal.account.plan }, params.webhook_id, body),
}));
