/**
 * The billing area's functions used by watches, in one place so the watch code
 * does not depend on how billing stores its counters.
 * TEMPORARY: local stand-ins until lib/billing documents its watch API.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";

const ACTIVE_WATCH_LIMITS: Record<string, number> = { free: 0, starter: 500, pro: 10_000, enterprise: 10_000 };

/** Inside the creating transaction: 402 when the plan has no watches, 429 at the cap. */
export async function assertActiveWatchCapacity(tx: Tx, account: AccountInfo): Promise<void> {
  const limit = account.limitOverrides.active_watches ?? ACTIVE_WATCH_LIMITS[account.plan] ?? 0;
  if (limit === 0) {
    throw new ApiError("billing_limit_reached", "Your plan does not include watches; upgrade to create one.", {
      details: { dimension: "active_watches", limit },
    });
  }
  // Serialise creations per account so N concurrent creates cannot overshoot.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"watches:" + account.id}))`);
  const row = await queryOne<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM watches WHERE account_id = ${account.id} AND status = 'active'`);
  if ((row?.n ?? 0) >= limit) {
    throw new ApiError("rate_limit_exceeded", `Active watch limit reached (${limit}); cancel a watch or upgrade.`, {
      details: { dimension: "active_watches", limit },
    });
  }
}

/** Records accrued watch-day units for an account (inside the accrual transaction). */
export async function recordWatchDayUnits(_tx: Tx, _accountId: string, _units: number, _day: string): Promise<void> {
  // Replaced by the billing area's recorder.
}
