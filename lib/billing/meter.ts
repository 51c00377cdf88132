import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo, MeterOutcome, Principal, RouteMeter } from "@/lib/http/types";
import type { Counters } from "./counters";
import { dayAt, periodAt, type BillingPeriod } from "./period";
import { cheapestPlanWith, LIMIT_KEYS, limitsFor, type CounterDimension, type Limits } from "./plans";
import { rateLimitHeaders, rememberRequestsUsed, requestsUsed } from "./rate-limit-headers";
import { reserveCoalesced } from "./coalesce-reservations";
import { alertQuotaThresholds, type QuotaLevel } from "./quota-alerts";
import { releaseQuota, type QuotaCharge } from "./reserve-quota";

export interface Charge {
  /** Billing units of the call (0: not counted toward `requests`). */
  units: number;
  timeline_items?: number;
  route_calls?: number;
}

const FREE: Charge = { units: 0 };

interface Metered {
  accountId: string;
  account: AccountInfo;
  isInternal: boolean;
}

/** The account a principal bills to (keys and portal sessions), else undefined. */
function meteredOf(p: Principal): Metered | undefined {
  if (p.type === "api_key") return { accountId: p.accountId, account: p.account, isInternal: p.isInternal };
  if (p.type === "session") return { accountId: p.accountId, account: p.account, isInternal: false };
  if (p.type === "access_token" && p.account) return { accountId: p.accountId, account: p.account, isInternal: false };
  return undefined;
}

/**
 * The weather routes' quota meter (DESIGN section 8). The route helper calls
 * `start` after validation (so a 400 bills nothing) and before the handler:
 * a needed dimension with limit 0 is 402 billing_limit_reached; a reservation
 * that would pass a cap is 429 rate_limit_exceeded (no Retry-After: clients use
 * X-RateLimit-Reset). `finish("error")` gives the reservation back;
 * "success" and "billable_error" (502/504) keep it. Internal keys skip the caps
 * but are metered all the same.
 */
export function weatherMeter<Ctx extends { principal: Principal } = { principal: Principal }>(opts: {
  endpoint: string;
  /** Units per call: a plain number when constant, else computed from the validated request. */
  charge: number | ((ctx: Ctx) => Charge);
  /**
   * A read of the account's own data (a watch, a list, usage, the event log):
   * with the portal session it bills 0 units and never counts toward a quota,
   * because what the portal shows (and polls) on its own is never billed.
   * API keys are billed as the contract says.
   */
  sessionReadsFree?: boolean;
}): RouteMeter<Ctx> {
  return {
    refuses: opts.charge !== 0,
    async start(ctx) {
      const charge =
        opts.sessionReadsFree && ctx.principal.type === "session"
          ? FREE
          : typeof opts.charge === "number"
            ? { units: opts.charge }
            : opts.charge(ctx);
      const who = meteredOf(ctx.principal);
      if (!who) return { billingUnits: charge.units, finish: async () => ({}) };
      const now = Date.now();
      const period = periodAt(now);
      const limits = limitsFor(who.account);
      const amounts: Counters = {
        requests: charge.units > 0 ? 1 : 0,
        timeline_items: charge.timeline_items ?? 0,
        route_calls: charge.route_calls ?? 0,
      };
      if (charge.units === 0 && amounts.timeline_items === 0 && amounts.route_calls === 0) {
        const headers = rateLimitHeaders(limits.requests, await requestsUsed(who.accountId, period.key), period);
        return { billingUnits: 0, finish: async () => headers };
      }
      if (!who.isInternal) assertPlanIncludes(who.account, limits, amounts);

      const quota: QuotaCharge = {
        accountId: who.accountId,
        periodKey: period.key,
        day: dayAt(now),
        endpoint: opts.endpoint,
        units: charge.units,
        amounts,
        limits: who.isInternal ? null : limits,
      };
      const db = await getDb();
      const result = await reserveCoalesced(db, quota);
      rememberRequestsUsed(who.accountId, period.key, result.counters.requests);
      const headers = rateLimitHeaders(limits.requests, result.counters.requests, period);
      if (!result.ok) {
        if (!who.isInternal)
          await alertQuotaThresholds(who.accountId, who.account, period, levelsOf(amounts, result.counters, limits));
        throw capReached(result.dimension, limits, result.counters, period, headers);
      }

      return {
        billingUnits: charge.units,
        async finish(outcome: MeterOutcome) {
          if (outcome !== "error") {
            // Only a kept reservation counts toward a threshold (a released one never crossed it).
            if (!who.isInternal)
              await alertQuotaThresholds(
                who.accountId,
                who.account,
                period,
                levelsOf(amounts, result.counters, limits),
              );
            return headers;
          }
          const after = await releaseQuota(db, quota);
          rememberRequestsUsed(who.accountId, period.key, after.requests);
          return rateLimitHeaders(limits.requests, after.requests, period);
        },
      };
    },

    async headers(principal) {
      const who = meteredOf(principal);
      if (!who) return {};
      const period = periodAt();
      return rateLimitHeaders(limitsFor(who.account).requests, await requestsUsed(who.accountId, period.key), period);
    },
  };
}

/** The levels of the dimensions this call touched (the ones a threshold can have been crossed on). */
function levelsOf(amounts: Counters, counters: Counters, limits: Limits): QuotaLevel[] {
  const out: QuotaLevel[] = [];
  for (const d of ["requests", "timeline_items", "route_calls"] as const) {
    if (amounts[d] > 0) out.push({ dimension: d, used: counters[d], limit: limits[d] });
  }
  return out;
}

/** 402 when the plan leaves a needed dimension at 0 (the feature is not included). */
function assertPlanIncludes(account: AccountInfo, limits: Limits, amounts: Counters): void {
  for (const d of ["requests", "timeline_items", "route_calls"] as const) {
    if (amounts[d] > 0 && limits[d] === 0) {
      throw new ApiError(
        "billing_limit_reached",
        `Your ${account.plan} plan does not include ${d.replace("_", " ")} (${LIMIT_KEYS[d]} is 0); upgrade to ${cheapestPlanWith(d)} or above to use this endpoint.`,
        { details: { dimension: d, limit: 0, plan: account.plan } },
      );
    }
  }
}

function capReached(
  d: CounterDimension,
  limits: Limits,
  counters: Counters,
  period: BillingPeriod,
  headers: Record<string, string>,
): ApiError {
  const resetsAt = period.end.toISOString();
  return new ApiError(
    "rate_limit_exceeded",
    `Monthly ${d} quota reached (${Math.min(counters[d], limits[d])} of ${limits[d]} used, or this call needs more than is left); it resets at ${resetsAt}. See X-RateLimit-Reset, or upgrade your plan.`,
    { details: { dimension: d, limit: limits[d], used: counters[d], resets_at: resetsAt }, headers },
  );
}
