import { sql, type SQL } from "drizzle-orm";
import { getDb, getDbHandle, type DbOrTx, type Unlisten } from "@/lib/db/client";
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
  /** Background work was enqueued; the payload names the job (lib/registry/job-table.ts). */
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

/*
 * A transaction that NOTIFYs serialises its commit on Postgres's global
 * notification queue lock: on the bench machine 16 writers committed ~450
 * inserts/s with a pg_notify folded in, ~4,000/s without. Work enqueued
 * outside a caller's transaction is therefore announced by `wake` instead:
 * after the enqueueing statement committed, one standalone NOTIFY per
 * (channel, payload) at a time; calls that arrive while it is in flight are
 * covered by ONE more NOTIFY sent after it (so every call is followed by a
 * NOTIFY sent after its own commit, and a burst of N enqueues costs about one
 * NOTIFY per round trip instead of N serialised commits).
 */
interface WakeLane {
  running: boolean;
  pending: boolean;
  sent: Array<() => void>;
  waiting: Array<() => void>;
}
const wakeLanes = new Map<string, WakeLane>();

/**
 * Announces committed work on `channel` (coalesced, see above). Never throws
 * and need not be awaited: the returned promise resolves once a NOTIFY sent
 * after this call went out (or failed: the poll is the fallback).
 */
export function wake(channel: Channel, payload = ""): Promise<void> {
  const key = `${channel}\u0000${payload}`;
  let lane = wakeLanes.get(key);
  if (!lane) {
    lane = { running: false, pending: false, sent: [], waiting: [] };
    wakeLanes.set(key, lane);
  }
  const l = lane;
  l.pending = true;
  const done = new Promise<void>((resolve) => l.waiting.push(resolve));
  if (!l.running) void runWake(key, channel, payload, l);
  return done;
}

async function runWake(key: string, channel: Channel, payload: string, lane: WakeLane): Promise<void> {
  lane.running = true;
  try {
    while (lane.pending) {
      lane.pending = false;
      const covered = lane.waiting.splice(0);
      try {
        await notify(await getDb(), channel, payload);
      } catch (err) {
        log.warn("wake-up NOTIFY failed; the poll picks the work up", { channel, error: err });
      }
      for (const r of covered) r();
    }
  } finally {
    lane.running = false;
    wakeLanes.delete(key);
  }
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
