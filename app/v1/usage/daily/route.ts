import { billingContracts } from "@/lib/billing/contracts";
import { dailyUsage } from "@/lib/billing/daily-usage";
import { periodOf, periodOfMonth } from "@/lib/billing/period";
import { defineRoute } from "@/lib/http/route";

export const GET = defineRoute(billingContracts.getDailyUsage, async ({ principal, query }) => {
  const period = (query.month && periodOfMonth(query.month)) || periodOf();
  return { data: await dailyUsage(principal.accountId, period) };
});
