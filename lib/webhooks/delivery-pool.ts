/**
 * Runs tasks with two bounds: at most `overall` at once, and at most
 * `perKey` at once for one key (a webhook endpoint). A task whose key is at
 * its bound waits without holding up tasks of other keys (no head-of-line
 * blocking); otherwise tasks start in the order they were added.
 */
export class KeyedPool {
  private readonly waiting: Array<{ key: string; run: () => Promise<void> }> = [];
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

  add(key: string, run: () => Promise<void>): void {
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

  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.inFlight < this.overall; ) {
      const t = this.waiting[i];
      const n = this.active.get(t.key) ?? 0;
      if (n >= this.perKey) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.active.set(t.key, n + 1);
      this.inFlight++;
      // `run` handles its own errors; a rejection here must not become an unhandled one.
      void t
        .run()
        .catch(() => {})
        .finally(() => this.done(t.key));
    }
  }

  private done(key: string): void {
    this.inFlight--;
    const n = (this.active.get(key) ?? 1) - 1;
    if (n === 0) this.active.delete(key);
    else this.active.set(key, n);
    this.pump();
    for (const r of this.room.splice(0)) r();
    if (this.outstanding === 0) for (const r of this.idle.splice(0)) r();
  }
}
