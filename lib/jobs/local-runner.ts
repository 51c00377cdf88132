import { CHANNELS, listen } from "@/lib/db/notify";
import { noteDatabaseError } from "@/lib/db/outage";
import type { Unlisten } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { JobSpec } from "./job-spec";
import { nextSlot } from "./schedule";
import { jobStats, runnerState as status } from "./runner-status";

/**
 * One kind of due work the local runner runs. `run` claims a batch of due
 * rows (FOR UPDATE SKIP LOCKED, so several instances never do the same work),
 * processes them, and returns how many it handled; 0 means nothing was due.
 * `concurrency` batches of the task may run at once in its loop (default 1).
 */
export interface PollTask {
  name: string;
  run(): Promise<number>;
  concurrency?: number;
  /** A NOTIFY on the work channel naming the task wakes its loop (queue jobs with `wakeOnNotify`). */
  wakeOnNotify?: boolean;
}

const MAX_DRAIN_ROUNDS = 1000;

export { runnerStatus, type RunnerStatus } from "./runner-status";

/** Runs one batch of a task, counting it and recording the runner's liveness. Throws what the task throws. */
async function runOnce(t: PollTask): Promise<number> {
  const s = jobStats(t.name);
  s.runs++;
  s.busySince ??= Date.now();
  try {
    const n = await t.run();
    s.items += n;
    status.lastOkAt = new Date().toISOString();
    return n;
  } catch (err) {
    noteDatabaseError(err);
    s.failures++;
    status.lastErrorAt = new Date().toISOString();
    throw err;
  }
}

/**
 * Drains one task: `concurrency` workers each run batches until one comes back empty (or the
 * round cap). A failure is logged and ends that worker; the count so far is returned.
 */
async function drain(t: PollTask, rounds = MAX_DRAIN_ROUNDS): Promise<{ handled: number; failed: boolean }> {
  let handled = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.max(1, t.concurrency ?? 1) }, async () => {
      try {
        for (let round = 0; round < rounds; round++) {
          const n = await runOnce(t);
          handled += n;
          if (n === 0) break;
        }
      } catch (err) {
        failed = true;
        log.error("background task failed", { task: t.name, error: err });
      }
    }),
  );
  jobStats(t.name).busySince = null;
  return { handled, failed };
}

/**
 * One pass (the admin CLI's `run-due-work` and tests): each task in turn until nothing is due.
 * A failing task is logged and the others still run. The long-running runner does not use
 * this: there every task has its own loop (startLocalRunner).
 */
export async function runDueWork(tasks: PollTask[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tasks) counts[t.name] = (await drain(t)).handled;
  return counts;
}

/**
 * The local runner's tasks, generated from the job table it is handed (the composition root's,
 * lib/registry/job-table.ts, so this module knows no job): queue jobs run every
 * poll; cron jobs run when their cadence's next slot has passed (the same
 * cadence Inngest's cron uses). `cronDueNow` makes every cron job due in the
 * first pass (the admin CLI's one-off `run-due-work`).
 */
export function localTasks(opts: { jobs: readonly JobSpec[]; cronDueNow?: boolean; now?: () => Date }): PollTask[] {
  const now = opts.now ?? (() => new Date());
  return opts.jobs.map((j) => {
    const trigger = j.trigger;
    if (trigger.kind === "queue")
      return { name: j.name, run: j.run, concurrency: j.concurrency, wakeOnNotify: trigger.wakeOnNotify };
    let dueAt = opts.cronDueNow ? new Date(0) : nextSlot(trigger.cadence, now());
    jobStats(j.name).nextDueAt = dueAt.getTime();
    let draining = false;
    return {
      name: j.name,
      async run() {
        if (!draining && now() < dueAt) return 0;
        const n = await j.run();
        draining = n > 0;
        if (!draining) {
          dueAt = nextSlot(trigger.cadence, now());
          jobStats(j.name).nextDueAt = dueAt.getTime();
        }
        return n;
      },
    };
  });
}

export interface LocalRunner {
  stop(): Promise<void>;
}

/** One task's loop state: woken by a NOTIFY naming it, or by stop(). */
interface Loop {
  task: PollTask;
  woken: boolean;
  interrupt?: () => void;
}

/**
 * Every task runs in its own loop (issue 34): a task polls every `intervalMs`, drains what is
 * due with its own concurrency, and sleeps again, independently of the others, so a delivery
 * backlog to a slow receiver never delays watch refreshes, expiry, accrual or prunes, and a
 * refresh backlog never delays deliveries. With `wake`, a NOTIFY on the work channel naming a
 * task starts its drain at once (enqueued deliveries start in milliseconds, not at the next
 * poll); a wake-up during a drain is coalesced into one follow-up drain.
 */
export function startLocalRunner(tasks: PollTask[], intervalMs: number, opts: { wake?: boolean } = {}): LocalRunner {
  let stopped = false;
  let unlisten: Unlisten | undefined;
  const loops = new Map<string, Loop>(tasks.map((t) => [t.name, { task: t, woken: false }]));
  const wakeLoop = (l: Loop) => {
    l.woken = true;
    l.interrupt?.();
  };

  let subscribing: Promise<void> | undefined;
  // Loops poll independently: one LISTEN attempt at a time.
  const subscribe = () => (subscribing ??= listenOnce().finally(() => (subscribing = undefined)));
  const listenOnce = async () => {
    if (!opts.wake || unlisten || stopped) return;
    try {
      unlisten = await listen(CHANNELS.work, (payload) => {
        const l = loops.get(payload);
        if (l) wakeLoop(l);
      });
      status.wakeListening = true;
      // A NOTIFY sent before LISTEN took effect is never heard: one drain of the wakeable tasks
      // now picks up whatever was enqueued meanwhile (LISTEN first, then look).
      for (const l of loops.values()) if (l.task.wakeOnNotify) wakeLoop(l);
    } catch (err) {
      log.warn("local runner could not LISTEN; polling only until it can", { error: err });
    }
  };

  const sleep = (l: Loop, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      l.interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (l.interrupt = undefined));

  const run = async (l: Loop) => {
    let nextPoll = Date.now() + intervalMs;
    while (!stopped) {
      const wait = nextPoll - Date.now();
      if (!l.woken && wait > 0) await sleep(l, wait);
      if (stopped) break;
      const polled = Date.now() >= nextPoll;
      if (!polled && !l.woken) continue;
      l.woken = false;
      // The LISTEN connection may have failed at start: every poll retries it.
      if (polled) await subscribe();
      await drain(l.task);
      if (polled) nextPoll = Date.now() + intervalMs;
    }
  };

  status.running = true;
  status.startedAt = new Date().toISOString();
  const done = subscribe().then(() => Promise.all([...loops.values()].map(run)));
  return {
    async stop() {
      stopped = true;
      for (const l of loops.values()) l.interrupt?.();
      await done;
      await unlisten?.().catch(() => {});
      status.running = false;
      status.wakeListening = false;
    },
  };
}
