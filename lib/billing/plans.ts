import type { Plan } from "@/drizzle/schema";
import type { AccountInfo } from "@/lib/http/types";

/** The four independent monthly dimensions of the spec ("Weather quotas"). */
export const DIMENSIONS = ["requests", "timeline_items", "route_calls", "active_watches"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Counter dimensions (the ones reserved per call); active_watches is a live count. */
export type CounterDimension = Exclude<Dimension, "active_watches">;

/** Names of the limits as GET /v1/usage and account limitOverrides spell them. */
export const LIMIT_KEYS = {
  requests: "requests_per_month",
  timeline_items: "timeline_items_per_month",
  route_calls: "route_calls_per_month",
  active_watches: "active_watches",
} as const satisfies Record<Dimension, string>;

export type Limits = Record<Dimension, number>;

/**
 * The spec's numeric table. Starter keeps non-zero route and watch limits: the
 * spec resolves its own inconsistency in favour of the numbers (rule 2).
 */
export const PLAN_LIMITS: Record<Plan, Limits> = {
  free: { requests: 1_000, timeline_items: 100, route_calls: 0, active_watches: 0 },
  starter: { requests: 25_000, timeline_items: 10_000, route_calls: 1_000, active_watches: 500 },
  pro: { requests: 250_000, timeline_items: 100_000, route_calls: 25_000, active_watches: 10_000 },
  enterprise: { requests: 250_000, timeline_items: 100_000, route_calls: 25_000, active_watches: 10_000 },
};

/**
 * Effective limits of an account: its plan's row, with any per-account override
 * (set by operators with `admin set-plan`, typically for enterprise contracts).
 * Pure, so the hot path needs no query: the principal already carries the account.
 */
export function limitsFor(account: Pick<AccountInfo, "plan" | "limitOverrides">): Limits {
  const base = PLAN_LIMITS[account.plan] ?? PLAN_LIMITS.free;
  const out = { ...base };
  for (const d of DIMENSIONS) {
    const v = account.limitOverrides?.[LIMIT_KEYS[d]];
    if (typeof v === "number" && Number.isInteger(v) && v >= 0) out[d] = v;
  }
  return out;
}

/** Limits named as GET /v1/usage and limitOverrides name them (requests_per_month, …). */
export function namedLimits(l: Limits): {
  requests_per_month: number;
  timeline_items_per_month: number;
  active_watches: number;
  route_calls_per_month: number;
} {
  return {
    requests_per_month: l.requests,
    timeline_items_per_month: l.timeline_items,
    active_watches: l.active_watches,
    route_calls_per_month: l.route_calls,
  };
}

/** The cheapest plan whose default includes a dimension, for "upgrade" messages. */
export function cheapestPlanWith(d: Dimension): Plan {
  const order: Plan[] = ["free", "starter", "pro", "enterprise"];
  return order.find((p) => PLAN_LIMITS[p][d] > 0) ?? "enterprise";
}
