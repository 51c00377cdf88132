import { sql, type SQL } from "drizzle-orm";
import { getDbHandle, type DbOrTx, type Unlisten } from "@/lib/db/client";
import { log } from "@/lib/log";

/**
 * Postgres LISTEN/NOTIFY, the same on postgres-js and embedded PGlite. A
 * notification is a wake-up hint, never the work itself: whoever listens
 * re-reads the database, and a lost notification (listener reconnecting,
 * another process on PGlite) only delays work until the next poll. A NOTIFY
 * sent inside a transaction is delivered when it commits, never if it rolls back.
 *
 * Channels are declared here so every sender and listener agree on the names.
 */
export const CHANNELS = {
  /** Background work was enqueued; the payload names the job (lib/jobs/job-table.ts). */
  work: "skycast_work",
  /** Cached credentials changed (payload: what to drop); for in-process caches. */
  credentials: "skycast_credentials",
  /** Visa data (imports, requirements) changed: in-process snapshots reload. */
  visaData: "skycast_visa_data",
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** The NOTIFY as a SQL expression, to fold into a statement that does the write (no extra round trip). */
export function notifyExpr(channel: Channel, payload = ""): SQL {
  return sql`pg_notify(${channel}, ${payload})`;
}

/** Sends one notification (inside `db` when it is a transaction: delivered on commit). */
export async function notify(db: DbOrTx, channel: Channel, payload = ""): Promise<void> {
  await db.execute(sql`SELECT ${notifyExpr(channel, payload)}`);
}

/**
 * Subscribes to `channel` on the process-wide database. Errors in the handler
 * are logged, never thrown into the driver.
 */
export async function listen(channel: Channel, onPayload: (payload: string) => void): Promise<Unlisten> {
  const handle = await getDbHandle();
  return handle.listen(channel, (payload) => {
    try {
      onPayload(payload);
    } catch (err) {
      log.error("notify handler failed", { channel, error: err });
    }
  });
}
