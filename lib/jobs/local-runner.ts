import { CHANNELS, listen } from "@/lib/db/notify";
import type { Unlisten } from "@/lib/db/client";
import { log } from "@/lib/log";
import { JOBS, type JobSpec } from "./job-table";
import { nextSlot } from "./schedule";
import { runnerState as status } from "./runner-status";

/**
 * One kind of due work the local runner runs. `run` claims a batch of due
 * rows (FOR UPDATE SKIP LOCKED, so several instances never do the same work),
 * processes them, and returns how many it handled; 0 means nothing was due.
 */
export interface PollTask {
  name: string;
  run(): Promise<number>;
}

const MAX_DRAIN_ROUNDS = 1000;

export { runnerStatus, type RunnerStatus } from "./runner-status";

/** One pass: each task repeatedly until nothing is due. A failing task is logged and the others still run. */
export async function runDueWork(tasks: PollTask[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let failed = false;
  for (const t of tasks) {
    counts[t.name] = 0;
    try {
      for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
        const n = await t.run();
        counts[t.name] += n;
        if (n === 0) break;
      }
    } catch (err) {
      failed = true;
      log.error("background task failed", { task: t.name, error: err });
    }
  }
  const now = new Date().toISOString();
  if (failed) status.lastErrorAt = now;
  else status.lastOkAt = now;
  return counts;
}

/**
 * The local runner's tasks, generated from the job table: queue jobs run every
 * pass; cron jobs run when their cadence's next slot has passed (the same
 * cadence Inngest's cron uses). `cronDueNow` makes every cron job due in the
 * first pass (the admin CLI's one-off `run-due-work`).
 */
export function localTasks(opts: { jobs?: readonly JobSpec[]; cronDueNow?: boolean; now?: () => Date } = {}): PollTask[] {
  const now = opts.now ?? (() => new Date());
  return (opts.jobs ?? JOBS).map((j) => {
    const trigger = j.trigger;
    if (trigger.kind === "queue") return { name: j.name, run: j.run };
    let dueAt = opts.cronDueNow ? new Date(0) : nextSlot(trigger.cadence, now());
    let draining = false;
    return {
      name: j.name,
      async run() {
        if (!draining && now() < dueAt) return 0;
        const n = await j.run();
        draining = n > 0;
        if (!draining) dueAt = nextSlot(trigger.cadence, now());
        return n;
      },
    };
  });
}

/** Task names a NOTIFY on the work channel may wake (payload = job name). */
export const WAKEABLE = new Set(JOBS.filter((j) => j.trigger.kind === "queue" && j.trigger.wakeOnNotify).map((j) => j.name));

export interface LocalRunner {
  stop(): Promise<void>;
}

/**
 * Runs a full pass every `intervalMs` (the fallback poll) and, when `wake` is
 * on, a pass of just the named task as soon as a NOTIFY on the work channel
 * names it (so enqueued deliveries start in milliseconds, not at the next
 * poll). Passes never overlap; wake-ups during a pass are coalesced into one
 * follow-up pass.
 */
export function startLocalRunner(tasks: PollTask[], intervalMs: number, opts: { wake?: boolean } = {}): LocalRunner {
  let stopped = false;
  const woken = new Set<string>();
  let interrupt: (() => void) | undefined;
  let unlisten: Unlisten | undefined;
  const byName = new Map(tasks.map((t) => [t.name, t]));

  const subscribe = async () => {
    if (!opts.wake || unlisten || stopped) return;
    try {
      unlisten = await listen(CHANNELS.work, (payload) => {
        if (!byName.has(payload)) return;
        woken.add(payload);
        interrupt?.();
      });
      status.wakeListening = true;
      // A NOTIFY sent before LISTEN took effect is never heard: one pass of the wakeable tasks
      // now picks up whatever was enqueued meanwhile (LISTEN first, then look).
      for (const name of byName.keys()) if (WAKEABLE.has(name)) woken.add(name);
      interrupt?.();
    } catch (err) {
      log.warn("local runner could not LISTEN; polling only until it can", { error: err });
    }
  };

  const loop = async () => {
    let nextFull = Date.now() + intervalMs;
    while (!stopped) {
      const wait = nextFull - Date.now();
      if (woken.size === 0 && wait > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          interrupt = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        interrupt = undefined;
      }
      if (stopped) break;
      if (Date.now() >= nextFull) {
        woken.clear();
        await subscribe();
        await runDueWork(tasks);
        nextFull = Date.now() + intervalMs;
      } else if (woken.size > 0) {
        const names = [...woken];
        woken.clear();
        await runDueWork(names.flatMap((n) => byName.get(n) ?? []));
      }
    }
  };

  status.running = true;
  status.startedAt = new Date().toISOString();
  const done = subscribe().then(loop);
  return {
    async stop() {
      stopped = true;
      interrupt?.();
      await done;
      await unlisten?.().catch(() => {});
      status.running = false;
      status.wakeListening = false;
    },
  };
}
