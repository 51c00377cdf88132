import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { recordWatchDayUnits } from "@/lib/billing/record-accrued-units";

const DAY_MS = 86_400_000;

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Bills 1 unit for `day` (UTC, YYYY-MM-DD) to every watch that is active now
 * and whose window overlaps that day and has started. One row per (watch, day)
 * in watch_billing_days (primary key) makes it idempotent: running it twice, or
 * from two workers at once, bills each (watch, day) once. Paused, expired,
 * failed and cancelled watches accrue nothing. Processes one batch; returns the
 * number of watch-days billed (0 when nothing is left for that day).
 */
export async function accrueWatchBilling(day: string, opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const dayStart = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(dayStart.getTime())) throw new Error(`accrueWatchBilling: invalid day ${day}`);
  if (dayStart.getTime() > now.getTime()) return 0; // never bill a day in advance
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const billed = await queryRows<{ watch_id: string; account_id: string }>(
      tx,
      sql`WITH due AS (
            SELECT w.id, w.account_id FROM watches w
            WHERE w.status = 'active' AND w.starts_at < ${dayEnd.toISOString()}::timestamptz AND w.ends_at > ${dayStart.toISOString()}::timestamptz AND w.starts_at <= ${now.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM watch_billing_days b WHERE b.watch_id = w.id AND b.day = ${day}::date)
            ORDER BY w.id LIMIT ${opts.limit ?? 500} FOR UPDATE OF w SKIP LOCKED)
          INSERT INTO watch_billing_days (watch_id, day, account_id, units)
          SELECT id, ${day}::date, account_id, 1 FROM due
          ON CONFLICT (watch_id, day) DO NOTHING
          RETURNING watch_id, account_id`,
    );
    if (billed.length === 0) return 0;
    await tx.execute(sql`UPDATE watches SET last_accrued_on = ${day}::date
      WHERE id IN (${sql.join(
        billed.map((b) => sql`${b.watch_id}::uuid`),
        sql`, `,
      )}) AND (last_accrued_on IS NULL OR last_accrued_on < ${day}::date)`);
    const perAccount = new Map<string, number>();
    for (const b of billed) perAccount.set(b.account_id, (perAccount.get(b.account_id) ?? 0) + 1);
    for (const [accountId, units] of perAccount) await recordWatchDayUnits(tx, accountId, units, day);
    return billed.length;
  });
}
