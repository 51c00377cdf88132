import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { readCounters, type Counters } from "../counters";
import { periodOf } from "../period";
import { forgetRequestsUsed } from "../rate-limit-headers";

/** Test helper: sets an account's counters for a period (default: this month). */
export async function seedCounters(
  accountId: string,
  used: Partial<Counters>,
  periodKey = periodOf().key,
): Promise<void> {
  const db = await getDb();
  await queryOne(
    db,
    sql`INSERT INTO usage_counters (account_id, period, requests, timeline_items, route_calls)
        VALUES (${accountId}::uuid, ${periodKey}::date, ${used.requests ?? 0}::int, ${used.timeline_items ?? 0}::int, ${used.route_calls ?? 0}::int)
        ON CONFLICT (account_id, period) DO UPDATE SET requests = excluded.requests,
          timeline_items = excluded.timeline_items, route_calls = excluded.route_calls
        RETURNING 1`,
  );
  forgetRequestsUsed();
}

/** Test helper: the account's counters this month. */
export async function countersOf(accountId: string, periodKey = periodOf().key): Promise<Counters> {
  return readCounters(await getDb(), accountId, periodKey);
}

/** Test helper: billing units recorded per endpoint for the account today. */
export async function dailyUnitsOf(
  accountId: string,
  day = new Date().toISOString().slice(0, 10),
): Promise<Record<string, { units: number; calls: number }>> {
  const db = await getDb();
  const rows = await queryRows<{ endpoint: string; units: number | string; calls: number }>(
    db,
    sql`SELECT endpoint, units, calls FROM usage_daily WHERE account_id = ${accountId}::uuid AND day = ${day}::date`,
  );
  return Object.fromEntries(rows.map((r) => [r.endpoint, { units: Number(r.units), calls: Number(r.calls) }]));
}
