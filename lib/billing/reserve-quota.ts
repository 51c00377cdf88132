import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { readCounters, toCounters, type Counters } from "./counters";
import type { CounterDimension, Limits } from "./plans";

export interface QuotaCharge {
  accountId: string;
  periodKey: string;
  day: string;
  endpoint: string;
  units: number;
  /** Amount per counter dimension (0: the call does not touch it). */
  amounts: Counters;
  /** Caps to enforce; null for internal keys (metered, never limited). */
  limits: Limits | null;
}

export type ReserveResult = { ok: true; counters: Counters } | { ok: false; dimension: CounterDimension; counters: Counters };

// Reported in this order when several caps are hit at once.
const ORDER: CounterDimension[] = ["requests", "timeline_items", "route_calls"];

/** A dimension's cap for this charge, or null when it must not be checked. */
function capOf(c: QuotaCharge, d: CounterDimension): number | null {
  if (!c.limits || c.amounts[d] === 0) return null;
  return c.limits[d];
}

/**
 * Reserves every dimension of a call and records its billing units for the day,
 * in ONE statement: a conditional upsert on the (account, month) counter row
 * whose WHERE re-checks each cap against the locked, latest row version, so N
 * concurrent calls can never push `used` past a limit. When the upsert does not
 * happen, nothing (neither counter nor daily units) is written.
 */
export async function reserveQuota(db: DbOrTx, c: QuotaCharge): Promise<ReserveResult> {
  // A first insert must itself fit (the upsert's WHERE only guards the update branch).
  for (const d of ORDER) {
    const cap = capOf(c, d);
    if (cap !== null && c.amounts[d] > cap) {
      return { ok: false, dimension: d, counters: await readCounters(db, c.accountId, c.periodKey) };
    }
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await queryOne<{ requests: number; timeline_items: number; route_calls: number }>(
      db,
      sql`WITH c AS (
            INSERT INTO usage_counters AS u (account_id, period, requests, timeline_items, route_calls, billing_units)
            VALUES (${c.accountId}::uuid, ${c.periodKey}::date, ${c.amounts.requests}::int, ${c.amounts.timeline_items}::int,
                    ${c.amounts.route_calls}::int, ${c.units}::bigint)
            ON CONFLICT (account_id, period) DO UPDATE SET
              requests = u.requests + excluded.requests,
              timeline_items = u.timeline_items + excluded.timeline_items,
              route_calls = u.route_calls + excluded.route_calls,
              billing_units = u.billing_units + excluded.billing_units,
              updated_at = now()
            WHERE (${capOf(c, "requests")}::int IS NULL OR u.requests + excluded.requests <= ${capOf(c, "requests")}::int)
              AND (${capOf(c, "timeline_items")}::int IS NULL OR u.timeline_items + excluded.timeline_items <= ${capOf(c, "timeline_items")}::int)
              AND (${capOf(c, "route_calls")}::int IS NULL OR u.route_calls + excluded.route_calls <= ${capOf(c, "route_calls")}::int)
            RETURNING u.requests, u.timeline_items, u.route_calls
          ), d AS (
            INSERT INTO usage_daily AS ud (account_id, day, endpoint, units, calls)
            SELECT ${c.accountId}::uuid, ${c.day}::date, ${c.endpoint}::text, ${c.units}::bigint, 1 FROM c
            ON CONFLICT (account_id, day, endpoint) DO UPDATE SET units = ud.units + excluded.units, calls = ud.calls + excluded.calls
          )
          SELECT requests, timeline_items, route_calls FROM c`,
    );
    if (row) return { ok: true, counters: toCounters(row) };
    // Refused: name the dimension from a fresh read. If every cap fits again
    // (a concurrent call released its reservation meanwhile), try once more.
    const counters = await readCounters(db, c.accountId, c.periodKey);
    const over = ORDER.find((d) => {
      const cap = capOf(c, d);
      return cap !== null && counters[d] + c.amounts[d] > cap;
    });
    if (over) return { ok: false, dimension: over, counters };
  }
  const counters = await readCounters(db, c.accountId, c.periodKey);
  return { ok: false, dimension: ORDER.find((d) => c.amounts[d] > 0) ?? "requests", counters };
}

/**
 * Gives back a reservation (the call failed with a non-billable error): the
 * counters and the day's units drop by exactly what reserveQuota added.
 * Counter row first, then daily row: the same lock order as reserveQuota.
 */
export async function releaseQuota(db: DbOrTx, c: Omit<QuotaCharge, "limits">): Promise<Counters> {
  const row = await queryOne<{ requests: number; timeline_items: number; route_calls: number }>(
    db,
    sql`WITH c AS (
          UPDATE usage_counters SET
            requests = greatest(requests - ${c.amounts.requests}::int, 0),
            timeline_items = greatest(timeline_items - ${c.amounts.timeline_items}::int, 0),
            route_calls = greatest(route_calls - ${c.amounts.route_calls}::int, 0),
            billing_units = greatest(billing_units - ${c.units}::bigint, 0),
            updated_at = now()
          WHERE account_id = ${c.accountId}::uuid AND period = ${c.periodKey}::date
          RETURNING requests, timeline_items, route_calls
        ), d AS (
          UPDATE usage_daily SET units = greatest(units - ${c.units}::bigint, 0), calls = greatest(calls - 1, 0)
          WHERE account_id = ${c.accountId}::uuid AND day = ${c.day}::date AND endpoint = ${c.endpoint}::text
            AND EXISTS (SELECT 1 FROM c)
        )
        SELECT requests, timeline_items, route_calls FROM c`,
  );
  return toCounters(row);
}
