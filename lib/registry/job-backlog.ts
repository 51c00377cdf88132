import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { JOBS } from "./job-table";
import { jobStats } from "@/lib/jobs/runner-status";

/** What a job has waiting: items due now and how long the oldest has been due. */
export interface Backlog {
  depth: number;
  oldestDueAgeS: number;
}

/**
 * Backlog of the jobs whose due items are rows (all instances: read from the table, so every
 * instance reports the same figure). One aggregate each, on the partial indexes the claims use.
 */
const TABLE_BACKLOG: Record<string, SQL> = {
  "watch-refresh": sql`SELECT count(*) AS n, extract(epoch FROM now() - min(next_check_at)) AS age FROM watches
    WHERE status = 'active' AND next_check_at <= now() AND ends_at > now()`,
  "webhook-delivery": sql`SELECT count(*) AS n, extract(epoch FROM now() - min(next_attempt_at)) AS age FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= now()`,
  "watch-expiry": sql`SELECT count(*) AS n, extract(epoch FROM now() - min(ends_at)) AS age FROM watches
    WHERE status IN ('active', 'paused') AND ends_at <= now()`,
};

/**
 * Per job: the table's backlog where the job has one; otherwise (cron jobs whose work is a
 * sweep) whether this process's loop has a slot that came due and has not finished (depth 1)
 * and since when.
 */
export async function jobBacklogs(now = Date.now()): Promise<Map<string, Backlog>> {
  const db = await getDb();
  const out = new Map<string, Backlog>();
  for (const j of JOBS) {
    const q = TABLE_BACKLOG[j.name];
    if (q) {
      const r = await queryOne<{ n: string | number; age: string | number | null }>(db, q);
      out.set(j.name, { depth: Number(r?.n ?? 0), oldestDueAgeS: Math.max(0, Number(r?.age ?? 0)) });
      continue;
    }
    const due = jobStats(j.name).nextDueAt;
    const late = due !== null && due <= now;
    out.set(j.name, { depth: late ? 1 : 0, oldestDueAgeS: late ? (now - due) / 1000 : 0 });
  }
  return out;
}
