import type { DbOrTx } from "@/lib/db/client";
import type { CounterDimension } from "./plans";
import { reserveQuota, reserveQuotaTogether, type QuotaCharge, type ReserveResult } from "./reserve-quota";

/*
 * Every reservation of one account serialises on its counter row (a row lock
 * held until commit), so one statement per call caps a busy account at a few
 * hundred calls per second. Calls of the same account that arrive while a
 * reservation statement of that account is in flight are therefore queued and
 * reserved together by the next statement (group commit): still one atomic,
 * never-overshooting statement, just for many calls. When the sum does not fit
 * (near a cap), the queued calls are reserved one by one in arrival order, so
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
  if (batch.length > 1) {
    try {
      const together = await reserveQuotaTogether(
        db,
        batch.map((w) => w.charge),
      );
      if (together) {
        batch.forEach((w, i) => w.resolve({ ok: true, counters: together[i] }));
        return;
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
  }
  // One by one. A dimension found exhausted (used >= cap) refuses the rest of
  // this batch that need it without another statement.
  const exhausted = new Map<CounterDimension, ReserveResult>();
  for (const w of batch) {
    const known = DIMS.map((d) => (w.charge.amounts[d] > 0 ? exhausted.get(d) : undefined)).find(Boolean);
    if (known) {
      w.resolve(known);
      continue;
    }
    try {
      const r = await reserveQuota(db, w.charge);
      if (!r.ok && w.charge.limits && r.counters[r.dimension] >= w.charge.limits[r.dimension]) exhausted.set(r.dimension, r);
      w.resolve(r);
    } catch (err) {
      w.reject(err);
    }
  }
}
