import { defineRoute } from "@/lib/registry/route";
import { manageContracts as c } from "@/lib/webhooks/manage-contracts";
import { revealSecret } from "@/lib/webhooks/manage-endpoint";

export const POST = defineRoute(c.revealSecret, async ({ principal, params }) => ({
  data: await revealSecret(principal.accountId, params.webhook_id),
  headers: { "Cache-Control": "no-store" },
}));
