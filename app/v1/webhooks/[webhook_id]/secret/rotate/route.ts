import { defineRoute } from "@/lib/registry/route";
import { manageContracts as c } from "@/lib/webhooks/manage-contracts";
import { DEFAULT_GRACE_HOURS, rotateSecret } from "@/lib/webhooks/manage-endpoint";

export const POST = defineRoute(c.rotateSecret, async ({ principal, params, body }) => ({
  data: await rotateSecret(principal.accountId, params.webhook_id, body?.grace_period_hours ?? DEFAULT_GRACE_HOURS),
  headers: { "Cache-Control": "no-store" },
}));
