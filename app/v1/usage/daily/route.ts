import { billingContracts } from "@/lib/billing/contracts";
import { dailyUsage } from "@/lib/billing/daily-usage";
import { periodOf, periodOfMonth } from "@/lib/billing/period";
import { limitsFor } from "@/lib/billing/plans";
import { rateLimitHeaders, requestsUsed } from "@/lib/billing/rate-limit-headers";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(billingContracts.getDailyUsage, async ({ principal, query }) => {
  const period = (query.month && periodOfMonth(query.month)) || periodOf();
  const current = periodOf();
  const used = await requestsUsed(principal.accountId, current.key);
  return {
    data: await dailyUsage(principal.accountId, period),
    headers: rateLimitHeaders(limitsFor(principal.account).requests, used, current),
  };
});
