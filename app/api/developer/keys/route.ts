import { keyContracts } from "@/lib/auth/contracts";
import { createApiKey, listApiKeys, assertScopes } from "@/lib/auth/api-keys";
import { assertCan } from "@/lib/accounts/permissions";
import { assertVerifiedForProduction } from "@/lib/auth/require-verified";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(keyContracts.listKeys, async ({ principal }) => ({
  data: await listApiKeys(principal.accountId),
}));

export const POST = defineRoute(keyContracts.createKey, async ({ principal, body }) => {
  // A key may mint keys only within its own scopes.
  if (principal.type === "api_key") assertScopes(principal.scopes, body.scopes);
  // The admin scope manages members: only a person who may do that can mint it (lib/accounts/permissions.ts).
  if (principal.type === "session" && body.scopes.includes("admin")) assertCan(principal.role, "members.manage");
  await assertVerifiedForProduction(principal.userId, principal.account);
  const created = await createApiKey(principal, { ...body, expiresAt: body.expiresAt?.toISOString() ?? null });
  return { status: 201, data: created };
});
