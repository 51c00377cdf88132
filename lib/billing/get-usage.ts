import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import type { AccountInfo } from "@/lib/http/types";
import { toCounters } from "./counters";
import { periodOf, type BillingPeriod } from "./period";
import { DIMENSIONS, limitsFor, namedLimits, type Dimension } from "./plans";
import { rateLimitHeaders, rememberRequestsUsed } from "./rate-limit-headers";

export interface DimensionUsage {
  limit: number;
  used: number;
  remaining: number;
}

/** The spec's Usage resource. */
export interface Usage {
  plan: AccountInfo["plan"];
  environment: AccountInfo["environment"];
  is_internal: boolean;
  period: { start: string; end: string };
  limits: {
    requests_per_month: number;
    timeline_items_per_month: number;
    active_watches: number;
    route_calls_per_month: number;
  };
  usage: Record<Dimension, DimensionUsage>;
}

/**
 * Usage of the caller's account in the current UTC month: the counters and the
 * live active-watch count in one query. Reads only: it never consumes quota and
 * no cap applies to it. Also returns the X-RateLimit-* headers it implies.
 */
export async function getUsage(
  caller: { accountId: string; account: AccountInfo; isInternal: boolean },
  at: Date = new Date(),
): Promise<{ usage: Usage; headers: Record<string, string> }> {
  const period: BillingPeriod = periodOf(at);
  const db = await getDb();
  const row = await queryOne<{ requests: number; timeline_items: number; route_calls: number; active_watches: number }>(
    db,
    sql`SELECT coalesce(c.requests, 0) AS requests, coalesce(c.timeline_items, 0) AS timeline_items,
               coalesce(c.route_calls, 0) AS route_calls,
               (SELECT count(*)::int FROM watches w WHERE w.account_id = ${caller.accountId}::uuid AND w.status = 'active') AS active_watches
        FROM (SELECT 1) AS one
        LEFT JOIN usage_counters c ON c.account_id = ${caller.accountId}::uuid AND c.period = ${period.key}::date`,
  );
  const used: Record<Dimension, number> = { ...toCounters(row), active_watches: Number(row?.active_watches ?? 0) };
  const limits = limitsFor(caller.account);
  const usage = Object.fromEntries(
    DIMENSIONS.map((d) => [d, { limit: limits[d], used: used[d], remaining: Math.max(0, limits[d] - used[d]) }]),
  ) as Record<Dimension, DimensionUsage>;
  rememberRequestsUsed(caller.accountId, period.key, used.requests);
  return {
    usage: {
      plan: caller.account.plan,
      environment: caller.account.environment,
      is_internal: caller.isInternal,
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      limits: namedLimits(limits),
      usage,
    },
    headers: rateLimitHeaders(limits.requests, used.requests, period),
  };
}
