import { keyContracts } from "@/lib/auth/contracts";
import { defineRoute } from "@/lib/registry/route";
import { keyUsage } from "@/lib/requests/key-usage";

export const GET = defineRoute(keyContracts.keyUsage, async ({ principal, params }) => ({
  data: await keyUsage(principal.userId, params.keyId),
}));
