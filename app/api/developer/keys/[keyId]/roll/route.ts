import { keyContracts } from "@/lib/auth/contracts";
import { rollApiKey } from "@/lib/auth/roll-api-key";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(keyContracts.rollKey, async ({ principal, params, body }) => ({
  status: 201,
  data: await rollApiKey(
    principal,
    params.keyId,
    body ?? {},
    principal.type === "api_key" ? principal.scopes : undefined,
  ),
}));
