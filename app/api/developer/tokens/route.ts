import { keyContracts } from "@/lib/auth/contracts";
import { createAccessToken, listAccessTokens } from "@/lib/auth/access-tokens";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(keyContracts.listTokens, async ({ principal }) => ({
  data: await listAccessTokens(principal.userId),
}));

export const POST = defineRoute(keyContracts.createToken, async ({ principal, body }) => {
  const created = await createAccessToken(principal.userId, {
    name: body?.name,
    expiresAt: body?.expiresAt?.toISOString(),
    trip_ids: body?.trip_ids,
    scopes: body?.scopes,
  });
  return { status: 201, data: created };
});
