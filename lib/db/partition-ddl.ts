import { sql } from "drizzle-orm";
import { queryRows } from "./sql";
import type { DbOrTx } from "./types";

/**
 * The partitioned logs and the DDL that creates their partitions on a given database: apart from
 * log-partitions.ts (which reads the shared pool) so that the client can run it right after
 * migrating without importing back the module that imports it.
 */
export interface PartitionedLog {
  table: "request_log" | "webhook_attempts" | "webhook_events" | "audit_events";
  column: "at" | "attempted_at" | "created_at";
  unit: "day" | "month";
  /** Periods created ahead of the current one. */
  ahead: number;
}

export const REQUEST_LOG_PARTITIONS: PartitionedLog = { table: "request_log", column: "at", unit: "day", ahead: 7 };
export const WEBHOOK_ATTEMPT_PARTITIONS: PartitionedLog = {
  table: "webhook_attempts",
  column: "attempted_at",
  unit: "day",
  ahead: 7,
};
/** Migration 0033: webhook_deliveries references it by (event_id, event_created_at); see lib/webhooks/retention.ts. */
export const WEBHOOK_EVENT_PARTITIONS: PartitionedLog = {
  table: "webhook_events",
  column: "created_at",
  unit: "day",
  ahead: 7,
};
export const AUDIT_EVENT_PARTITIONS: PartitionedLog = {
  table: "audit_events",
  column: "created_at",
  unit: "month",
  ahead: 3,
};
export const PARTITIONED_LOGS: readonly PartitionedLog[] = [
  REQUEST_LOG_PARTITIONS,
  WEBHOOK_ATTEMPT_PARTITIONS,
  WEBHOOK_EVENT_PARTITIONS,
  AUDIT_EVENT_PARTITIONS,
];

export interface Partition {
  name: string;
  from: Date;
  to: Date;
}

/** Start of the UTC period containing `at`, moved by `n` periods. */
export function periodStart(unit: PartitionedLog["unit"], at: Date, n = 0): Date {
  return unit === "day"
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + n))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1));
}

export function partitionName(log: PartitionedLog, from: Date): string {
  const iso = from.toISOString();
  const stamp = iso.slice(0, 4) + iso.slice(5, 7) + (log.unit === "day" ? iso.slice(8, 10) : "");
  return `${log.table}_p${stamp}`;
}

/** Creates the partitions of the current period and `ahead` more (those missing); returns how many were created. */
export async function createPartitions(log: PartitionedLog, now: Date, db: DbOrTx): Promise<number> {
  let created = 0;
  for (let n = 0; n <= log.ahead; n++) {
    const from = periodStart(log.unit, now, n);
    const to = periodStart(log.unit, now, n + 1);
    const [row] = await queryRows<{ created: boolean }>(
      db,
      sql`SELECT log_partition_ensure(${log.table}, ${log.column}, ${partitionName(log, from)}, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) AS created`,
    );
    if (row?.created) created++;
  }
  return created;
}

/** Every partitioned log's partitions ahead on `db` (see log-partitions.ts, ensureLogPartitions). */
export async function createLogPartitions(now: Date, db: DbOrTx): Promise<number> {
  let created = 0;
  for (const log of PARTITIONED_LOGS) created += await createPartitions(log, now, db);
  return created;
}
