import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { sha256Hex } from "@/lib/auth/secrets";
import { windowOf } from "./rate-window";
import { VISA_KEY_PREFIX } from "./visa-keys";

export type ConsumeResult =
  | { outcome: "unknown" }
  | { outcome: "revoked" }
  | { outcome: "allowed" | "limited"; keyId: number; accountId: string; limit: number; used: number; windowEnd: Date };

type Window = { start: Date; end: Date };

/**
 * Authenticates a visa key and counts one unit against its current fixed UTC
 * hour, in ONE statement (one round trip). The upsert's WHERE makes the
 * increment conditional: Postgres locks the window row, re-checks `used + n <= limit`
 * on the latest version, so concurrent requests can never pass the limit.
 * A rejected request is not counted (the row is left unchanged).
 *
 * Group commit (as the weather quota does, lib/billing/coalesce-reservations.ts): every call of
 * one key serialises on its window row anyway, so calls of the same key and window that arrive
 * while a statement of that key is in flight are counted together by the next statement
 * (`used + n`, still conditional). When the batch does not fit as a whole (near the limit), its
 * calls are counted one by one, so exactly as many as fit succeed.
 */
export async function consumeVisaUnit(key: string, now: Date): Promise<ConsumeResult> {
  if (!key.startsWith(VISA_KEY_PREFIX) || key.length > 200) return { outcome: "unknown" };
  const w = windowOf(now);
  const hash = sha256Hex(key);
  const laneKey = `${hash}|${w.start.getTime()}`;
  let lane = lanes.get(laneKey);
  if (!lane) {
    lane = { running: false, queue: [] };
    lanes.set(laneKey, lane);
  }
  const l = lane;
  return new Promise<ConsumeResult>((resolve, reject) => {
    l.queue.push({ resolve, reject });
    if (!l.running) void drain(laneKey, l, hash, w);
  });
}

interface Waiter {
  resolve: (r: ConsumeResult) => void;
  reject: (err: unknown) => void;
}
interface Lane {
  running: boolean;
  queue: Waiter[];
}

const MAX_BATCH = 256;
const lanes = new Map<string, Lane>();

async function drain(laneKey: string, lane: Lane, hash: string, w: Window): Promise<void> {
  lane.running = true;
  try {
    while (lane.queue.length > 0) await settle(hash, w, lane.queue.splice(0, MAX_BATCH));
  } finally {
    lane.running = false;
    if (lane.queue.length === 0) lanes.delete(laneKey);
    else void drain(laneKey, lane, hash, w);
  }
}

async function settle(hash: string, w: Window, batch: Waiter[]): Promise<void> {
  try {
    const r = await consume(hash, w, batch.length);
    if (r.outcome !== "limited" || batch.length === 1) {
      // Allowed: the calls took the units used - n + 1 … used, in arrival order.
      batch.forEach((waiter, i) =>
        waiter.resolve(r.outcome === "allowed" ? { ...r, used: r.used - batch.length + 1 + i } : r),
      );
      return;
    }
  } catch (err) {
    for (const waiter of batch) waiter.reject(err);
    return;
  }
  for (const waiter of batch) {
    try {
      waiter.resolve(await consume(hash, w, 1));
    } catch (err) {
      waiter.reject(err);
    }
  }
}

/** Counts `n` units at once, or none when they do not all fit (then "limited"). */
async function consume(hash: string, w: Window, n: number): Promise<ConsumeResult> {
  const db = await getDb();
  const row = await queryOne<{
    id: number;
    account_id: string;
    hourly_limit: number;
    revoked: boolean;
    used: number | null;
    current: number | null;
  }>(
    db,
    sql`
      WITH k AS (
        SELECT id, account_id, hourly_limit, revoked_at IS NOT NULL AS revoked
        FROM visa_keys WHERE key_hash = ${hash}
      ), counted AS (
        INSERT INTO visa_usage_windows AS w (key_id, window_start, used, hourly_limit)
        SELECT id, ${w.start.toISOString()}::timestamptz, ${n}::int, hourly_limit FROM k
        WHERE NOT revoked AND (${n}::int = 1 OR ${n}::int <= hourly_limit)
        ON CONFLICT (key_id, window_start) DO UPDATE
          SET used = w.used + EXCLUDED.used, hourly_limit = EXCLUDED.hourly_limit
          WHERE w.used + EXCLUDED.used <= EXCLUDED.hourly_limit
        RETURNING used
      )
      SELECT k.id, k.account_id, k.hourly_limit, k.revoked, (SELECT used FROM counted) AS used
      FROM k`,
  );
  if (!row) return { outcome: "unknown" };
  if (row.revoked) return { outcome: "revoked" };
  const limit = Number(row.hourly_limit);
  if (row.used === null || row.used === undefined) {
    return {
      outcome: "limited",
      keyId: Number(row.id),
      accountId: row.account_id,
      limit,
      used: limit,
      windowEnd: w.end,
    };
  }
  return {
    outcome: "allowed",
    keyId: Number(row.id),
    accountId: row.account_id,
    limit,
    used: Number(row.used),
    windowEnd: w.end,
  };
}
