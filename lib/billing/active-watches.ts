import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { periodAt } from "./period";
import { cheapestPlanWith, limitsFor } from "./plans";
import { recordQuotaAlert } from "./quota-alerts";
import { thresholdsReached } from "./quota-thresholds";

/**
 * The live count of an account's active watches (the `active_watches`
 * dimension is a count, not a counter). Isolated here so the watches schema is
 * touched in one place only.
 */
export async function countActiveWatches(db: DbOrTx, accountId: string): Promise<number> {
  const row = await queryOne<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM watches WHERE account_id = ${accountId}::uuid AND status = 'active'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Call inside the transaction that creates (or re-activates) a watch, before the
 * insert/update: 402 billing_limit_reached when the plan's active_watches limit
 * is 0, 429 rate_limit_exceeded when the live count is already at the cap.
 * A per-account transaction-scoped advisory lock serialises concurrent
 * activations, so N parallel creates never overshoot; it is released at commit.
 * Internal keys skip the caps (pass { isInternal: true }).
 */
export async function assertActiveWatchCapacity(
  tx: Tx,
  account: AccountInfo,
  opts: { isInternal?: boolean } = {},
): Promise<void> {
  if (opts.isInternal) return;
  const limit = limitsFor(account).active_watches;
  if (limit === 0) {
    throw new ApiError(
      "billing_limit_reached",
      `Your ${account.plan} plan does not include watches (active_watches is 0); upgrade to ${cheapestPlanWith("active_watches")} or above to create one.`,
      { details: { dimension: "active_watches", limit: 0, plan: account.plan } },
    );
  }
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"watches:" + account.id}))`);
  const active = await countActiveWatches(tx, account.id);
  if (active >= limit) {
    throw new ApiError(
      "rate_limit_exceeded",
      `Active watch limit reached (${active} of ${limit} active); cancel or pause a watch, or upgrade your plan.`,
      { details: { dimension: "active_watches", limit, used: active } },
    );
  }
  // The watch about to be activated brings the count to active + 1: alert in this transaction
  // (under the lock above), so the alert exists exactly when the watch does.
  const period = periodAt();
  for (const threshold of thresholdsReached(active + 1, limit)) {
    await recordQuotaAlert(tx, {
      accountId: account.id,
      account,
      period,
      threshold,
      dimension: "active_watches",
      used: active + 1,
      limit,
    });
  }
}
