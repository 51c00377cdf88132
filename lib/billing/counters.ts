import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import type { CounterDimension } from "./plans";

/** Used amounts of the counter dimensions in one period. */
export type Counters = Record<CounterDimension, number>;

export const ZERO_COUNTERS: Counters = { requests: 0, timeline_items: 0, route_calls: 0 };

interface CounterRow {
  requests: number | string;
  timeline_items: number | string;
  route_calls: number | string;
}

export function toCounters(row: CounterRow | undefined): Counters {
  if (!row) return { ...ZERO_COUNTERS };
  return {
    requests: Number(row.requests),
    timeline_items: Number(row.timeline_items),
    route_calls: Number(row.route_calls),
  };
}

/** The account's counters for a period (zeros when nothing was used yet). */
export async function readCounters(db: DbOrTx, accountId: string, periodKey: string): Promise<Counters> {
  const row = await queryOne<CounterRow>(
    db,
    sql`SELECT requests, timeline_items, route_calls FROM usage_counters
        WHERE account_id = ${accountId}::uuid AND period = ${periodKey}::date`,
  );
  return toCounters(row);
}
