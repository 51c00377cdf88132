import { keyContracts } from "@/lib/auth/contracts";
import { revokeAccessToken } from "@/lib/auth/access-tokens";
import { defineRoute } from "@/lib/registry/route";

export const DELETE = defineRoute(keyContracts.revokeToken, async ({ principal, params }) => {
  await revokeAccessToken(principal.userId, params.tokenId);
  return { status: 204 };
});
