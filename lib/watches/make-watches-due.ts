import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/**
 * Sandbox weather changed (an injected simulation): the injecting account's active watches are
 * due at once, so the next runner pass (or `run-due-work`) refreshes them against the new weather
 * instead of at their next scheduled check. An operator's injection (no account) makes every
 * active sandbox watch due. Production watches are never touched.
 */
export async function makeSandboxWatchesDue(db: DbOrTx, accountId: string | null, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE watches w SET next_check_at = ${now.toISOString()}::timestamptz
        FROM accounts a
        WHERE a.id = w.account_id AND a.environment = 'sandbox' AND w.status = 'active' AND w.ends_at > ${now.toISOString()}::timestamptz
          AND (w.next_check_at IS NULL OR w.next_check_at > ${now.toISOString()}::timestamptz)
          AND (${accountId}::uuid IS NULL OR w.account_id = ${accountId}::uuid)
        RETURNING w.id`,
  );
  return rows.length;
}
