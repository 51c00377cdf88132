import type { DbOrTx } from "@/lib/db/client";
import { readCounters, type Counters } from "./counters";
import type { CounterDimension } from "./plans";
import { reserveQuota, reserveQuotaTogether, type QuotaCharge, type ReserveResult } from "./reserve-quota";

/*
 * Every reservation of one account serialises on its counter row (a row lock
 * held until commit), so one statement per call caps a busy account at a few
 * hundred calls per second. Calls of the same account that arrive while a
 * reservation statement of that account is in flight are therefore queued and
 * reserved together by the next statement (group commit): still one atomic,
 * never-overshooting statement, just for many calls. When the sum does not fit
 * (near a cap), a fresh read picks the calls that fit in arrival order and
 * those are reserved together (or, if the counters moved, one by one), so
 * exactly what fits is granted. Nothing here is needed for correctness: it only
 * decides how many calls one statement carries.
 */
interface Waiter {
  charge: QuotaCharge;
  resolve: (r: ReserveResult) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  running: boolean;
  queue: Waiter[];
}

const MAX_BATCH = 256;
const DIMS: CounterDimension[] = ["requests", "timeline_items", "route_calls"];
const lanes = new Map<string, Lane>();

function laneKey(c: QuotaCharge): string {
  return `${c.accountId}|${c.periodKey}|${c.day}|${c.limits ? `${c.limits.requests}/${c.limits.timeline_items}/${c.limits.route_calls}` : "internal"}`;
}

export function reserveCoalesced(db: DbOrTx, charge: QuotaCharge): Promise<ReserveResult> {
  const key = laneKey(charge);
  let lane = lanes.get(key);
  if (!lane) {
    lane = { running: false, queue: [] };
    lanes.set(key, lane);
  }
  const l = lane;
  return new Promise<ReserveResult>((resolve, reject) => {
    l.queue.push({ charge, resolve, reject });
    if (!l.running) void drain(db, key, l);
  });
}

async function drain(db: DbOrTx, key: string, lane: Lane): Promise<void> {
  lane.running = true;
  try {
    while (lane.queue.length > 0) await settle(db, lane.queue.splice(0, MAX_BATCH));
  } finally {
    lane.running = false;
    if (lane.queue.length === 0) lanes.delete(key);
    else void drain(db, key, lane);
  }
}

async function settle(db: DbOrTx, batch: Waiter[]): Promise<void> {
  try {
    if (batch.length > 1 && (await settleTogether(db, batch))) return;
  } catch (err) {
    for (const w of batch) w.reject(err);
    return;
  }
  // One by one (a single call, or the counters moved under a batch).
  for (const w of batch) {
    try {
      w.resolve(await reserveQuota(db, w.charge));
    } catch (err) {
      w.reject(err);
    }
  }
}

/**
 * The whole batch in one statement; when that does not fit, a fresh read says
 * which calls fit in arrival order, and those are reserved in one statement
 * while the others are refused (as they would have been one after another).
 * Returns false when the counters moved in between (then: one by one).
 */
async function settleTogether(db: DbOrTx, batch: Waiter[]): Promise<boolean> {
  const all = await reserveQuotaTogether(
    db,
    batch.map((w) => w.charge),
  );
  if (all) {
    batch.forEach((w, i) => w.resolve({ ok: true, counters: all[i] }));
    return true;
  }
  const { accountId, periodKey, limits } = batch[0].charge;
  if (!limits) return false;
  const sim = await readCounters(db, accountId, periodKey);
  const fit: Waiter[] = [];
  const refused: Array<{ w: Waiter; dimension: CounterDimension }> = [];
  for (const w of batch) {
    const over = DIMS.find((d) => w.charge.amounts[d] > 0 && sim[d] + w.charge.amounts[d] > limits[d]);
    if (over) {
      refused.push({ w, dimension: over });
      continue;
    }
    for (const d of DIMS) sim[d] += w.charge.amounts[d];
    fit.push(w);
  }
  let after: Counters = sim;
  if (fit.length > 0) {
    const granted = await reserveQuotaTogether(
      db,
      fit.map((w) => w.charge),
    );
    if (!granted) return false;
    fit.forEach((w, i) => w.resolve({ ok: true, counters: granted[i] }));
    after = granted[granted.length - 1];
  }
  for (const r of refused) r.w.resolve({ ok: false, dimension: r.dimension, counters: after });
  return true;
}
