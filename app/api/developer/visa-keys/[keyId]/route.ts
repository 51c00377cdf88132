import { defineRoute } from "@/lib/registry/route";
import { visaKeyContracts } from "@/lib/visa/contracts";
import { revokeVisaKey } from "@/lib/visa/visa-keys";

export const DELETE = defineRoute(visaKeyContracts.revoke, async ({ principal, params }) => {
  await revokeVisaKey(principal.accountId, params.keyId);
  return { status: 204 };
});
