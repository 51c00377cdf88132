import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/**
 * Pending chains whose next attempt is overdue by more than `graceSeconds`
 * (Inngest mode): an event that was lost, sent before its transaction
 * committed, or whose loop ended early. Re-announcing them is harmless: each
 * attempt is claimed exclusively.
 */
export async function overdueDeliveryIds(limit = 500, graceSeconds = 60): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at < now() - ${graceSeconds} * interval '1 second'
        ORDER BY next_attempt_at LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
