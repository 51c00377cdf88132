/**
 * Runs tasks with two bounds: at most `overall` at once, and at most
 * `perKey` at once for one key (a webhook endpoint). A task whose key is at
 * its bound waits without holding up tasks of other keys (no head-of-line
 * blocking); otherwise tasks start in the order they were added.
 *
 * A task may give its key's slot back before it finishes (`releaseKey`, e.g.
 * once the endpoint has answered and only the database record is left): the
 * per-key bound is about the receiver's load, while the overall bound keeps
 * counting the task until it ends (memory and database work stay bounded).
 */
export type PoolTask = (releaseKey: () => void) => Promise<void>;

export class KeyedPool {
  private readonly waiting: Array<{ key: string; run: PoolTask }> = [];
  private readonly active = new Map<string, number>();
  private inFlight = 0;
  private idle: Array<() => void> = [];
  private room: Array<() => void> = [];

  constructor(
    private readonly overall: number,
    private readonly perKey: number,
  ) {}

  /** Tasks added and not finished (running or waiting). */
  get outstanding(): number {
    return this.inFlight + this.waiting.length;
  }

  add(key: string, run: PoolTask): void {
    this.waiting.push({ key, run });
    this.pump();
  }

  /** Resolves when `outstanding` is at most `n`. */
  async untilAtMost(n: number): Promise<void> {
    while (this.outstanding > n) await new Promise<void>((r) => this.room.push(r));
  }

  /** Resolves when nothing is running or waiting. */
  async drained(): Promise<void> {
    while (this.outstanding > 0) await new Promise<void>((r) => this.idle.push(r));
  }

  private pumping = false;
  private pumpAgain = false;

  private pump(): void {
    // A task may give its key back synchronously while this loop starts it: pump again after the
    // loop instead of re-entering it.
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        this.startRunnable();
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private startRunnable(): void {
    for (let i = 0; i < this.waiting.length && this.inFlight < this.overall;) {
      const t = this.waiting[i];
      const n = this.active.get(t.key) ?? 0;
      if (n >= this.perKey) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.active.set(t.key, n + 1);
      this.inFlight++;
      let held = true;
      const releaseKey = () => {
        if (!held) return;
        held = false;
        this.releaseKey(t.key);
        this.pump();
      };
      // `run` handles its own errors; a rejection here must not become an unhandled one.
      void t
        .run(releaseKey)
        .catch(() => {})
        .finally(() => {
          if (held) {
            held = false;
            this.releaseKey(t.key);
          }
          this.done();
        });
    }
  }

  private releaseKey(key: string): void {
    const n = (this.active.get(key) ?? 1) - 1;
    if (n === 0) this.active.delete(key);
    else this.active.set(key, n);
  }

  private done(): void {
    this.inFlight--;
    this.pump();
    for (const r of this.room.splice(0)) r();
    if (this.outstanding === 0) for (const r of this.idle.splice(0)) r();
  }
}
