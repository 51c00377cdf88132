import { defineRoute } from "@/lib/registry/route";
import { webhookContracts as c } from "@/lib/webhooks/contracts";
import { rotateWatchSigningSecret } from "@/lib/webhooks/watch-signing-secret";
import { presentSigningSecret } from "@/lib/webhooks/present";

export const POST = defineRoute(c.rotateWatchSigningSecret, async ({ principal }) => ({
  data: presentSigningSecret(await rotateWatchSigningSecret(principal.accountId)),
}));
