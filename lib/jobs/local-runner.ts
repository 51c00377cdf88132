import { log } from "@/lib/log";

/**
 * One kind of due work the local runner polls for. `run` claims a batch of due
 * rows (FOR UPDATE SKIP LOCKED, so several instances never do the same work),
 * processes them, and returns how many it handled; 0 means nothing was due.
 */
export interface PollTask {
  name: string;
  run(): Promise<number>;
}

const MAX_DRAIN_ROUNDS = 1000;

/** One pass: each task repeatedly until nothing is due. Returns counts per task. */
export async function runDueWork(tasks: PollTask[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tasks) {
    counts[t.name] = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      const n = await t.run();
      counts[t.name] += n;
      if (n === 0) break;
    }
  }
  return counts;
}

export interface LocalRunner {
  stop(): Promise<void>;
}

/** Polls every `intervalMs`; a tick never overlaps the previous one. */
export function startLocalRunner(tasks: PollTask[], intervalMs: number): LocalRunner {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    current = runDueWork(tasks).catch((err) => log.error("local runner pass failed", { error: err }));
    await current;
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
