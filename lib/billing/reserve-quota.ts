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

export type ReserveResult =
  { ok: true; counters: Counters } | { ok: false; dimension: CounterDimension; counters: Counters };

// Reported in this order when several caps are hit at once.
const ORDER: CounterDimension[] = ["requests", "timeline_items", "route_calls"];

/** What one reservation statement adds: summed amounts and units, and the day's units per endpoint. */
interface Reservation {
  accountId: string;
  periodKey: string;
  day: string;
  units: number;
  amounts: Counters;
  limits: Limits | null;
  daily: Array<{ endpoint: string; units: number; calls: number }>;
}

/** A dimension's cap for this reservation, or null when it must not be checked. */
function capOf(r: Pick<Reservation, "limits" | "amounts">, d: CounterDimension): number | null {
  if (!r.limits || r.amounts[d] === 0) return null;
  return r.limits[d];
}

/**
 * THE atomic statement: a conditional upsert on the (account, month) counter
 * row whose WHERE re-checks each cap against the locked, latest row version, so
 * concurrent reservations can never push `used` past a limit; the same
 * statement adds the day's units per endpoint only when the upsert happened.
 * Returns the counters after it, or undefined when a cap refused it (nothing written).
 */
async function tryReserve(db: DbOrTx, r: Reservation): Promise<Counters | undefined> {
  // A first insert must itself fit (the upsert's WHERE only guards the update branch).
  if (ORDER.some((d) => capOf(r, d) !== null && r.amounts[d] > capOf(r, d)!)) return undefined;
  const daily = sql.join(
    r.daily.map((d) => sql`(${d.endpoint}::text, ${d.units}::bigint, ${d.calls}::int)`),
    sql`, `,
  );
  const row = await queryOne<{ requests: number; timeline_items: number; route_calls: number }>(
    db,
    sql`WITH c AS (
          INSERT INTO usage_counters AS u (account_id, period, requests, timeline_items, route_calls, billing_units)
          VALUES (${r.accountId}::uuid, ${r.periodKey}::date, ${r.amounts.requests}::int, ${r.amounts.timeline_items}::int,
                  ${r.amounts.route_calls}::int, ${r.units}::bigint)
          ON CONFLICT (account_id, period) DO UPDATE SET
            requests = u.requests + excluded.requests,
            timeline_items = u.timeline_items + excluded.timeline_items,
            route_calls = u.route_calls + excluded.route_calls,
            billing_units = u.billing_units + excluded.billing_units,
            updated_at = now()
          WHERE (${capOf(r, "requests")}::int IS NULL OR u.requests + excluded.requests <= ${capOf(r, "requests")}::int)
            AND (${capOf(r, "timeline_items")}::int IS NULL OR u.timeline_items + excluded.timeline_items <= ${capOf(r, "timeline_items")}::int)
            AND (${capOf(r, "route_calls")}::int IS NULL OR u.route_calls + excluded.route_calls <= ${capOf(r, "route_calls")}::int)
          RETURNING u.requests, u.timeline_items, u.route_calls
        ), d AS (
          INSERT INTO usage_daily AS ud (account_id, day, endpoint, units, calls)
          SELECT ${r.accountId}::uuid, ${r.day}::date, e.endpoint, e.units, e.calls
          FROM c, (VALUES ${daily}) AS e(endpoint, units, calls)
          ON CONFLICT (account_id, day, endpoint) DO UPDATE SET units = ud.units + excluded.units, calls = ud.calls + excluded.calls
        )
        SELECT requests, timeline_items, route_calls FROM c`,
  );
  return row ? toCounters(row) : undefined;
}

/**
 * Reserves every dimension of one call and records its billing units for the
 * day, in one statement. When refused, names the dimension from a fresh read
 * (if every cap fits again, because a concurrent call released meanwhile, it
 * tries again).
 */
export async function reserveQuota(db: DbOrTx, c: QuotaCharge): Promise<ReserveResult> {
  const r: Reservation = { ...c, daily: [{ endpoint: c.endpoint, units: c.units, calls: 1 }] };
  for (let attempt = 0; attempt < 3; attempt++) {
    const counters = await tryReserve(db, r);
    if (counters) return { ok: true, counters };
    const now = await readCounters(db, c.accountId, c.periodKey);
    const over = ORDER.find((d) => capOf(r, d) !== null && now[d] + r.amounts[d] > capOf(r, d)!);
    if (over) return { ok: false, dimension: over, counters: now };
  }
  const now = await readCounters(db, c.accountId, c.periodKey);
  return { ok: false, dimension: ORDER.find((d) => c.amounts[d] > 0) ?? "requests", counters: now };
}

/**
 * Reserves several calls of one account, period, day and limits together, all
 * or nothing, in the same single statement (their amounts summed). Returns each
 * call's counters as if reserved one after another in order, or undefined when
 * the sum does not fit (the caller then reserves them one by one).
 */
export async function reserveQuotaTogether(db: DbOrTx, items: QuotaCharge[]): Promise<Counters[] | undefined> {
  const first = items[0];
  const amounts: Counters = { requests: 0, timeline_items: 0, route_calls: 0 };
  const byEndpoint = new Map<string, { endpoint: string; units: number; calls: number }>();
  let units = 0;
  for (const c of items) {
    for (const d of ORDER) amounts[d] += c.amounts[d];
    units += c.units;
    const e = byEndpoint.get(c.endpoint) ?? { endpoint: c.endpoint, units: 0, calls: 0 };
    e.units += c.units;
    e.calls += 1;
    byEndpoint.set(c.endpoint, e);
  }
  const after = await tryReserve(db, { ...first, units, amounts, daily: [...byEndpoint.values()] });
  if (!after) return undefined;
  // Item i sees the counters minus what the items after it added.
  const out: Counters[] = new Array(items.length);
  const running = { ...after };
  for (let i = items.length - 1; i >= 0; i--) {
    out[i] = { ...running };
    for (const d of ORDER) running[d] -= items[i].amounts[d];
  }
  return out;
}

/**
 * Gives back a reservation (the call failed with a non-billable error): the
 * counters and the day's units drop by exactly what reserveQuota added.
 * Counter row first, then daily row: the same lock order as the reservation.
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
