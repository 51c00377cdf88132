import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { periodOf } from "./period";

/** Endpoint label of watch-day accrual in the daily usage (and the portal chart). */
export const WATCH_DAYS_ENDPOINT = "weather.watch_days";

/**
 * Records accrued watch-day billing units (1 per active watch per UTC day) for an
 * account: adds them to the month's billing_units and to the day's usage under
 * `weather.watch_days`. Accrual is not a call, so it never counts toward
 * `requests` and is never refused. Additive, not idempotent: call it in the
 * same transaction that records which (watch, day) pairs were billed.
 * `day` is the UTC day billed, YYYY-MM-DD; `watchDays` how many watch-days it covers
 * (defaults to `units`).
 */
export async function recordWatchDayUnits(
  db: DbOrTx,
  accountId: string,
  units: number,
  day: string,
  watchDays = units,
): Promise<void> {
  if (units <= 0) return;
  const periodKey = periodOf(new Date(`${day}T00:00:00Z`)).key;
  // Counter row first, then daily row: the lock order of reserveQuota.
  await queryOne(
    db,
    sql`WITH c AS (
          INSERT INTO usage_counters AS u (account_id, period, billing_units)
          VALUES (${accountId}::uuid, ${periodKey}::date, ${units}::bigint)
          ON CONFLICT (account_id, period) DO UPDATE SET billing_units = u.billing_units + excluded.billing_units, updated_at = now()
          RETURNING 1
        )
        INSERT INTO usage_daily AS ud (account_id, day, endpoint, units, calls)
        SELECT ${accountId}::uuid, ${day}::date, ${WATCH_DAYS_ENDPOINT}, ${units}::bigint, ${watchDays}::int FROM c
        ON CONFLICT (account_id, day, endpoint) DO UPDATE SET units = ud.units + excluded.units, calls = ud.calls + excluded.calls
        RETURNING 1`,
  );
}
