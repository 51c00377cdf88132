import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** The work lease (webhook chains, watch refresh claims), in ms. */
export function workLeaseMs(): number {
  return env().WORK_LEASE_MS;
}

/**
 * Leases that follow the worker (issue 27): while a worker holds claimed rows it renews their
 * lease every quarter lease, so the lease can be short (a dead worker's rows are due again one
 * lease after its last heartbeat) while a live worker keeps what it holds however long the
 * attempt takes. Three heartbeats may be missed (a stalled event loop, a slow statement) before
 * another instance may take the work; at-least-once covers that case (the late record is refused
 * by the lease guard).
 *
 * `renew(held)` extends the lease of what is held in ONE statement (guarded by the holder's own
 * lease token, so it never extends a lease that was lost). A failed renewal is logged and retried
 * on the next beat; renewals never overlap.
 */
/** What this process's heartbeats hold now (for /api/healthz): how many, and since when. */
export interface HeldWork {
  held: number;
  /** Held longer than `allowedMs`: a worker that renews what it no longer works on. */
  overdue: number;
  oldestHeldMs: number | null;
}

// On globalThis: the health route and the runner may be different bundles of one process.
const g = globalThis as unknown as { __heartbeats?: Set<LeaseHeartbeat<unknown>> };
const live: Set<LeaseHeartbeat<unknown>> = (g.__heartbeats ??= new Set());

/**
 * Everything every heartbeat of this process holds. A chain or watch is held from its claim to its
 * record; `allowedMs` is the longest that may honestly take (the caller's bound: attempt timeouts
 * plus a few leases), so a holding beyond it is reported, not hidden behind a renewed lease.
 */
export function heldWork(allowedMs: number, now = Date.now()): HeldWork {
  let held = 0;
  let overdue = 0;
  let oldest: number | null = null;
  for (const hb of live) {
    for (const since of hb.heldSince()) {
      held++;
      const age = now - since;
      if (age > allowedMs) overdue++;
      if (oldest === null || age > oldest) oldest = age;
    }
  }
  return { held, overdue, oldestHeldMs: oldest };
}

export class LeaseHeartbeat<T> {
  /** What is held, by a key the caller releases it with (a lease token). */
  private readonly held = new Map<string, T>();
  private readonly since = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly renew: (held: T[]) => Promise<unknown>,
    private readonly everyMs = Math.max(100, Math.floor(workLeaseMs() / 4)),
  ) {}

  /** Starts renewing `item` (the timer runs while anything is held). */
  hold(key: string, item: T): void {
    this.held.set(key, item);
    if (!this.since.has(key)) this.since.set(key, Date.now());
    live.add(this as LeaseHeartbeat<unknown>);
    if (this.held.size > 0 && !this.timer) {
      this.timer = setInterval(() => void this.beat(), this.everyMs);
      this.timer.unref?.();
    }
  }

  /** Stops renewing `key` (its work was recorded, or handed back). */
  release(key: string): void {
    this.held.delete(key);
    this.since.delete(key);
    if (this.held.size === 0) this.stopTimer();
  }

  /** When each held item was first held (epoch ms). */
  heldSince(): Iterable<number> {
    return this.since.values();
  }

  get size(): number {
    return this.held.size;
  }

  /** Stops renewing everything (the batch is over); waits for a renewal under way. */
  async stop(): Promise<void> {
    this.held.clear();
    this.since.clear();
    this.stopTimer();
    await this.beating;
  }

  /** One renewal of everything held now (the timer calls it; tests may too). */
  async beat(): Promise<void> {
    if (this.beating || this.held.size === 0) return;
    const ids = [...this.held.values()];
    this.beating = this.renew(ids)
      .then(() => undefined)
      .catch((err: unknown) =>
        log.warn("lease heartbeat failed; retried on the next beat", {
          work: this.name,
          held: ids.length,
          error: (err as Error).message,
        }),
      )
      .finally(() => (this.beating = undefined));
    await this.beating;
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    live.delete(this as LeaseHeartbeat<unknown>);
  }
}
