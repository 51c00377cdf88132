import { billingContracts } from "@/lib/billing/contracts";
import { getUsage } from "@/lib/billing/get-usage";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(billingContracts.getUsage, async ({ principal }) => {
  const { usage, headers } = await getUsage({
    accountId: principal.accountId,
    account: principal.account,
    isInternal: principal.type === "api_key" && principal.isInternal,
  });
  return { data: usage, headers };
});
