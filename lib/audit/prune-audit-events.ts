import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { AUDIT_RETENTION_DAYS } from "./list-audit-events";

/** Retention: records older than a year go, a batch at a time (the table's trigger refuses younger ones). */
export async function pruneAuditEvents(batch = 5000): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    await getDb(),
    sql`DELETE FROM audit_events WHERE id IN (
          SELECT id FROM audit_events WHERE created_at < now() - make_interval(days => ${AUDIT_RETENTION_DAYS}::int) LIMIT ${batch}::int)
        RETURNING id`,
  );
  return rows.length;
}
