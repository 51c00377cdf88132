import { keyContracts } from "@/lib/auth/contracts";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { defineRoute } from "@/lib/http/route";

export const DELETE = defineRoute(keyContracts.revokeKey, async ({ principal, params }) => {
  await revokeApiKey(principal.userId, params.keyId);
  return { status: 204 };
});
