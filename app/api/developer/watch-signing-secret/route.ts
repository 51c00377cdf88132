import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { getOrCreateWatchSigningSecret } from "@/lib/webhooks/watch-signing-secret";
import { presentSigningSecret } from "@/lib/webhooks/present";

export const GET = defineRoute(c.getWatchSigningSecret, async ({ principal }) => ({
  data: presentSigningSecret(await getOrCreateWatchSigningSecret(principal.accountId)),
}));
