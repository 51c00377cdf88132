import { z } from "zod";
import { dailyUsage } from "@/lib/billing/daily-usage";
import { getUsage } from "@/lib/billing/get-usage";
import { periodOf, periodOfMonth } from "@/lib/billing/period";
import { ApiError } from "@/lib/http/errors";
import { userByEmail } from "./accounts";
import { command } from "./types";

export const billingCommands = {
  "show-usage": command({
    summary:
      "Show an account's quota usage (as GET /v1/usage) and its billing units per endpoint: --email E [--month YYYY-MM]",
    flags: z.object({ email: z.string(), month: z.string().optional() }),
    async run(f) {
      const { account } = await userByEmail(f.email);
      const period = f.month === undefined ? periodOf() : periodOfMonth(f.month);
      if (!period) throw new ApiError("bad_request", "--month must be YYYY-MM, e.g. 2026-11.");
      const info = {
        id: account.id,
        plan: account.plan,
        environment: account.environment,
        limitOverrides: account.limitOverrides,
      };
      const { usage } = await getUsage({ accountId: account.id, account: info, isInternal: false });
      const daily = await dailyUsage(account.id, period);
      const unitsByEndpoint: Record<string, number> = {};
      for (const d of daily.days)
        for (const [e, u] of Object.entries(d.by_endpoint)) unitsByEndpoint[e] = (unitsByEndpoint[e] ?? 0) + u;
      return { account_id: account.id, ...usage, month: daily.month, units_by_endpoint: unitsByEndpoint };
    },
  }),
};
