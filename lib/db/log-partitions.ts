import { sql } from "drizzle-orm";
import { type PartitionedLog, PARTITIONED_LOGS, type Partition, periodStart, createPartitions } from "./partition-ddl";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/**
 * The time-partitioned log tables (migration 0032, issue 32). Each is RANGE-partitioned on its
 * time column with one partition per UTC day (or month) named `<table>_pYYYYMMDD` (`_pYYYYMM`) and
 * a `<table>_default` partition that catches any time no partition covers, so an insert never
 * fails. The `log-partitions` job creates the partitions ahead; retention drops whole partitions
 * (no row DELETE on them), and only rows that landed in DEFAULT are deleted row by row.
 */

export {
  type PartitionedLog,
  REQUEST_LOG_PARTITIONS,
  WEBHOOK_ATTEMPT_PARTITIONS,
  WEBHOOK_EVENT_PARTITIONS,
  AUDIT_EVENT_PARTITIONS,
  type Partition,
  periodStart,
  partitionName,
} from "./partition-ddl";

/** Creates the partitions of the current period and `ahead` more (those missing); returns how many were created. */
export async function ensurePartitions(log: PartitionedLog, now = new Date(), on?: DbOrTx): Promise<number> {
  return createPartitions(log, now, on ?? (await getDb()));
}

/** The table's dated partitions (DEFAULT excluded), oldest first, bounds read from their names. */
export async function listPartitions(log: PartitionedLog): Promise<Partition[]> {
  const rows = await queryRows<{ name: string }>(
    await getDb(),
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = to_regclass(${log.table}) ORDER BY c.relname`,
  );
  const pattern = log.unit === "day" ? /_p(\d{4})(\d{2})(\d{2})$/ : /_p(\d{4})(\d{2})$/;
  const out: Partition[] = [];
  for (const { name } of rows) {
    const m = pattern.exec(name);
    if (!m || name !== `${log.table}${m[0]}`) continue;
    const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1));
    out.push({ name, from, to: periodStart(log.unit, from, 1) });
  }
  return out;
}

/**
 * Retention by partition: drops every partition whose rows are all older than `retentionDays`
 * (its upper bound is at or before the cutoff), so rows stay up to one period longer than the
 * window. A DROP removes the rows without a row DELETE (no dead tuples, no vacuum, no row
 * triggers). Returns how many partitions went.
 */
export async function dropExpiredPartitions(
  log: PartitionedLog,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const db = await getDb();
  let dropped = 0;
  for (const p of await listPartitions(log)) {
    if (p.to.getTime() > cutoff) continue;
    await db.execute(sql.raw(`DROP TABLE IF EXISTS "${p.name}"`));
    dropped++;
  }
  return dropped;
}

/** The dated partitions of `log` whose rows are all older than `retentionDays` (upper bound at or before the cutoff), oldest first. */
export async function expiredPartitions(
  log: PartitionedLog,
  retentionDays: number,
  now = new Date(),
): Promise<Partition[]> {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  return (await listPartitions(log)).filter((p) => p.to.getTime() <= cutoff);
}

/**
 * Drops one partition of a table that a foreign key references (webhook_events): Postgres refuses
 * a plain DROP of such a partition, and DETACH first checks that no row references it (it fails if
 * one does, so the caller removes the referencing rows first). Both run in one transaction. Returns
 * false when the partition no longer exists (another instance dropped it).
 */
export async function detachAndDropPartition(log: PartitionedLog, name: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ attached: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass(${name}) AND inhparent = to_regclass(${log.table})) AS attached`,
    );
    if (!row?.attached) return false;
    await tx.execute(sql.raw(`ALTER TABLE "${log.table}" DETACH PARTITION "${name}"`));
    await tx.execute(sql.raw(`DROP TABLE "${name}"`));
    return true;
  });
}

/** Rows older than the window that landed in DEFAULT (no partition covered their time) leave by DELETE, a batch at a time. */
export async function deleteExpiredDefaultRows(
  log: PartitionedLog,
  retentionDays: number,
  batch = 5000,
): Promise<number> {
  const table = sql.raw(`"${log.table}_default"`);
  const column = sql.raw(`"${log.column}"`);
  const rows = await queryRows<{ n: number }>(
    await getDb(),
    sql`WITH gone AS (
          DELETE FROM ${table} WHERE ctid IN (
            SELECT ctid FROM ${table} WHERE ${column} < now() - make_interval(days => ${retentionDays}::int) LIMIT ${batch}::int)
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The job's batch: the partitions ahead for every partitioned log; returns how many were created
 * (0 once all exist). Also run right after migrating (`on`: that database), so a database migrated
 * long ago has today's partitions before the hourly job's first slot.
 */
export async function ensureLogPartitions(now = new Date(), on?: DbOrTx): Promise<number> {
  let created = 0;
  for (const log of PARTITIONED_LOGS) created += await ensurePartitions(log, now, on);
  return created;
}
