/** How long an echoed heartbeat lets an instance serve credentials from its cache. */
export const LEASE_MS = 2_000;
const HEARTBEAT_MS = 500;
/** The holder gives its lease up this much earlier than a changing instance waits for it (timer and clock slack). */
const SAFETY_MS = 150;

/**
 * The right to serve cached credentials, renewed by the echo of this instance's own heartbeat
 * on the credentials channel. Postgres delivers a channel's notifications to every listener in
 * commit order, so an echo of a heartbeat sent after a credential change arrives after that
 * change's notification: the lease is only ever renewed by an instance that has applied every
 * change committed before the renewal. A lease runs from when its heartbeat was *sent*, so a
 * changing instance that waits LEASE_MS after its change committed knows every lease granted
 * before the change has expired (credential-cache.ts, `sync`). Other instances' heartbeats tell
 * this one who is alive (the acknowledgements `sync` waits for).
 */
export class CacheLease {
  private until = 0;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly sent = new Map<number, number>();
  private readonly peers = new Map<string, number>();

  constructor(
    private readonly id: string,
    /** Off for an embedded database: one process, nobody else to hold a stale copy. */
    readonly enabled: boolean,
    private readonly send: (payload: string) => Promise<void>,
  ) {}

  start(): void {
    if (!this.enabled || this.timer) return;
    this.beat();
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.until = 0;
  }

  private beat(): void {
    const n = ++this.seq;
    const now = performance.now();
    this.sent.set(n, now);
    for (const [k, at] of this.sent) if (now - at > LEASE_MS) this.sent.delete(k);
    this.send(`hb:${this.id}:${n}`).catch(() => {
      /* no renewal: the lease runs out and the cache is bypassed */
    });
  }

  /** Handles a heartbeat payload (ours renews the lease, a peer's marks it alive); false for anything else. */
  onHeartbeat(payload: string): boolean {
    if (!payload.startsWith("hb:")) return false;
    const [, from, n] = payload.split(":");
    if (from === this.id) {
      const at = this.sent.get(Number(n));
      if (at !== undefined && this.timer) this.until = Math.max(this.until, at + LEASE_MS - SAFETY_MS);
    } else {
      this.peers.set(from, performance.now());
    }
    return true;
  }

  valid(): boolean {
    return !this.enabled || performance.now() < this.until;
  }

  /** Instances heard within a lease: any other holds no lease granted before now. */
  livePeers(): string[] {
    const now = performance.now();
    const out: string[] = [];
    for (const [id, at] of this.peers) {
      if (now - at < LEASE_MS) out.push(id);
      else this.peers.delete(id);
    }
    return out;
  }
}
