import { getDb, onDatabaseChange } from "@/lib/db/client";
import { readCounters } from "./counters";
import type { BillingPeriod } from "./period";

/** X-RateLimit-* of the spec: the requests cap, what is left (never below 0), the next UTC month boundary. */
export function rateLimitHeaders(
  requestsLimit: number,
  requestsUsed: number,
  period: BillingPeriod,
): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(requestsLimit),
    "X-RateLimit-Remaining": String(Math.max(0, requestsLimit - requestsUsed)),
    "X-RateLimit-Reset": String(period.resetEpoch),
  };
}

/*
 * Requests used per (account, period), as last seen by this process. Only the
 * headers of calls that reserve nothing (0-unit calls, 400s) read it, so the
 * hot path of e.g. /v1/weather/health costs no query beyond authentication.
 * Enforcement never reads it: reserveQuota re-checks the row in Postgres. Every
 * reservation or release in this process refreshes the entry; another instance's
 * calls show up within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 20_000;
const seen = new Map<string, { used: number; at: number }>();
onDatabaseChange(() => seen.clear());

const keyOf = (accountId: string, periodKey: string) => `${accountId}|${periodKey}`;

export function rememberRequestsUsed(accountId: string, periodKey: string, used: number): void {
  if (seen.size >= MAX_ENTRIES) seen.clear();
  seen.set(keyOf(accountId, periodKey), { used, at: Date.now() });
}

export async function requestsUsed(accountId: string, periodKey: string): Promise<number> {
  const hit = seen.get(keyOf(accountId, periodKey));
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.used;
  const counters = await readCounters(await getDb(), accountId, periodKey);
  rememberRequestsUsed(accountId, periodKey, counters.requests);
  return counters.requests;
}

/** Tests that change counters behind the meter's back call this. */
export function forgetRequestsUsed(): void {
  seen.clear();
}
