import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { dayOf, type BillingPeriod } from "./period";

export interface DailyUsage {
  month: string;
  period: { start: string; end: string };
  /** Every endpoint with units in the month, sorted: the chart's series. */
  endpoints: string[];
  /** One entry per day of the month up to today (or the month's end), zeros included. */
  days: Array<{ date: string; total_units: number; by_endpoint: Record<string, number> }>;
}

/** Billing units per day and endpoint of one account and month, for the usage chart. */
export async function dailyUsage(
  accountId: string,
  period: BillingPeriod,
  now: Date = new Date(),
): Promise<DailyUsage> {
  const db = await getDb();
  const rows = await queryRows<{ day: string | Date; endpoint: string; units: number | string }>(
    db,
    sql`SELECT day::text AS day, endpoint, units FROM usage_daily
        WHERE account_id = ${accountId}::uuid AND day >= ${period.key}::date AND day < ${dayOf(period.end)}::date AND units > 0
        ORDER BY day, endpoint`,
  );
  const last = now < period.end ? now : new Date(period.end.getTime() - 1);
  const days: DailyUsage["days"] = [];
  const index = new Map<string, DailyUsage["days"][number]>();
  for (let t = period.start.getTime(); t <= last.getTime(); t += 86_400_000) {
    const entry = { date: dayOf(new Date(t)), total_units: 0, by_endpoint: {} as Record<string, number> };
    days.push(entry);
    index.set(entry.date, entry);
  }
  const endpoints = new Set<string>();
  for (const r of rows) {
    const date = String(r.day).slice(0, 10);
    const entry = index.get(date);
    if (!entry) continue;
    const units = Number(r.units);
    entry.by_endpoint[r.endpoint] = units;
    entry.total_units += units;
    endpoints.add(r.endpoint);
  }
  return {
    month: period.key.slice(0, 7),
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    endpoints: [...endpoints].sort(),
    days,
  };
}
