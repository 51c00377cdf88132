import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { ApiError, isApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { countBudgetDenied, observeUpstreamBudget } from "@/lib/platform/metrics";
import { upstreamSettings } from "@/lib/weather/io/providers/upstream-settings";
import type { ProviderId } from "@/lib/weather/core/types";

/**
 * The per-provider upstream budget shared by every instance (issue 34). Each upstream call
 * first takes one unit from the provider's row in weather_upstream_budget with one conditional
 * upsert (current UTC minute and day by the database clock; a new minute or day starts from 0),
 * so instances together never pass the limit. Interactive requests may use the whole window;
 * background refreshes (watches, stale-while-revalidate) stop at limit × (1 − reserve), which
 * keeps the last WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT % for API callers when the budget is tight.
 */
export type UpstreamPriority = "interactive" | "background";

const UNLIMITED = 2_147_483_647;

export function limitFor(limit: number, priority: UpstreamPriority): number {
  if (limit <= 0) return UNLIMITED;
  if (priority === "interactive") return limit;
  return Math.max(1, Math.floor((limit * (100 - env().WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT)) / 100));
}

/** The error of a call the budget did not allow (no upstream call was made; the circuit is untouched). */
export function isBudgetDenied(err: unknown): err is ApiError {
  return isApiError(err) && (err.details as { budget?: string } | null)?.budget === "exhausted";
}

/** Takes one call from the provider's budget, or throws the budget error (502 provider_unavailable, Retry-After). */
export async function takeUpstreamCall(db: Db, provider: ProviderId, priority: UpstreamPriority): Promise<void> {
  const s = upstreamSettings(provider);
  if (s.callsPerMinute <= 0 && s.callsPerDay <= 0) return;
  const perMinute = limitFor(s.callsPerMinute, priority);
  const perDay = limitFor(s.callsPerDay, priority);
  const row = await queryOne<{ minute_calls: number; day_calls: number }>(
    db,
    sql`INSERT INTO weather_upstream_budget AS b (provider, minute, minute_calls, day, day_calls)
        VALUES (${provider}, floor(extract(epoch FROM now()) / 60)::bigint, 1, floor(extract(epoch FROM now()) / 86400)::int, 1)
        ON CONFLICT (provider) DO UPDATE SET
          minute_calls = CASE WHEN b.minute = excluded.minute THEN b.minute_calls + 1 ELSE 1 END,
          minute = excluded.minute,
          day_calls = CASE WHEN b.day = excluded.day THEN b.day_calls + 1 ELSE 1 END,
          day = excluded.day
        WHERE (CASE WHEN b.minute = excluded.minute THEN b.minute_calls ELSE 0 END) < ${perMinute}
          AND (CASE WHEN b.day = excluded.day THEN b.day_calls ELSE 0 END) < ${perDay}
        RETURNING minute_calls, day_calls`,
  );
  if (row) {
    observeUpstreamBudget(provider, "minute", Number(row.minute_calls), s.callsPerMinute);
    observeUpstreamBudget(provider, "day", Number(row.day_calls), s.callsPerDay);
    // Past the background share: from now on only interactive requests are served in this window.
    const tight =
      Number(row.minute_calls) >= limitFor(s.callsPerMinute, "background")
        ? "minute"
        : Number(row.day_calls) >= limitFor(s.callsPerDay, "background")
          ? "day"
          : undefined;
    if (tight) warnTight(provider, tight, "background refreshes deferred; interactive requests use the reserve");
    return;
  }
  countBudgetDenied(provider, priority);
  const state = await queryOne<{ minute_calls: number; day_calls: number; minute_left_s: number; day_left_s: number }>(
    db,
    sql`SELECT minute_calls, day_calls, 60 - floor(extract(epoch FROM now()))::bigint % 60 AS minute_left_s,
          86400 - floor(extract(epoch FROM now()))::bigint % 86400 AS day_left_s
        FROM weather_upstream_budget WHERE provider = ${provider}`,
  );
  const dayOut = Number(state?.day_calls ?? 0) >= perDay;
  const window = dayOut ? "day" : "minute";
  const wait = Math.max(1, Number(dayOut ? state?.day_left_s : state?.minute_left_s) || 60);
  warnTight(provider, window, `${priority} call refused`);
  throw new ApiError(
    "provider_unavailable",
    `The upstream budget for ${provider} is used up for this ${window}; try again in ${wait} s.`,
    {
      details: { provider, budget: "exhausted", window, priority, retry_after_s: wait },
      headers: { "retry-after": String(wait) },
    },
  );
}

// One warning per provider and window per process and window instance (not one per call).
const warned = new Map<string, number>();
function warnTight(provider: ProviderId, window: "minute" | "day", what: string): void {
  const slot = Math.floor(Date.now() / (window === "minute" ? 60_000 : 86_400_000));
  const key = `${provider}:${window}`;
  if (warned.get(key) === slot) return;
  warned.set(key, slot);
  const s = upstreamSettings(provider);
  log.warn("weather upstream budget tight", {
    provider,
    window,
    limit: window === "minute" ? s.callsPerMinute : s.callsPerDay,
    detail: what,
  });
}
