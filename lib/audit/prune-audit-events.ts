import { deleteExpiredDefaultRows, dropExpiredPartitions, AUDIT_EVENT_PARTITIONS } from "@/lib/db/log-partitions";
import { AUDIT_RETENTION_DAYS } from "./list-audit-events";

/**
 * Retention: drops the monthly partitions whose records are all older than a year (a DROP fires
 * no row trigger: it is the one way rows leave besides the trigger-checked DELETE), then deletes
 * old records that landed in the DEFAULT partition (the trigger allows those). Returns partitions
 * dropped + rows deleted.
 */
export async function pruneAuditEvents(batch = 5000): Promise<number> {
  const dropped = await dropExpiredPartitions(AUDIT_EVENT_PARTITIONS, AUDIT_RETENTION_DAYS);
  return dropped + (await deleteExpiredDefaultRows(AUDIT_EVENT_PARTITIONS, AUDIT_RETENTION_DAYS, batch));
}
