import { keyContracts } from "@/lib/auth/contracts";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { renameApiKey } from "@/lib/auth/roll-api-key";
import { defineRoute } from "@/lib/registry/route";

export const DELETE = defineRoute(keyContracts.revokeKey, async ({ principal, params }) => {
  await revokeApiKey(principal.accountId, params.keyId, principal.type === "api_key" ? principal.scopes : undefined);
  return { status: 204 };
});

export const PATCH = defineRoute(keyContracts.renameKey, async ({ principal, params, body }) => ({
  data: await renameApiKey(
    principal.userId,
    params.keyId,
    body,
    principal.type === "api_key" ? principal.scopes : undefined,
  ),
}));
