/** Liveness of this process's runner, for /api/healthz and /metrics. */
export interface RunnerStatus {
  running: boolean;
  startedAt: string | null;
  /** Last time a job's batch completed without throwing (its claim queries succeeded). */
  lastOkAt: string | null;
  lastErrorAt: string | null;
  wakeListening: boolean;
}

/** Per-job counters of this process's runner (each job runs in its own loop). */
export interface JobStats {
  /** Batches run (calls of the job's `run`, empty polls included). */
  runs: number;
  /** Items the batches handled. */
  items: number;
  /** Batches that threw. */
  failures: number;
  /** Cron jobs: when this process's loop next considers the job due (epoch ms); null for queue jobs. */
  nextDueAt: number | null;
  /** A batch of this job is running in this process now. */
  busySince: number | null;
}

// On globalThis: Next bundles instrumentation and route handlers separately, so
// a module-level variable would not be the one /api/healthz reads.
const g = globalThis as unknown as { __runnerStatus?: RunnerStatus; __jobStats?: Map<string, JobStats> };
export const runnerState: RunnerStatus = (g.__runnerStatus ??= {
  running: false,
  startedAt: null,
  lastOkAt: null,
  lastErrorAt: null,
  wakeListening: false,
});
const stats: Map<string, JobStats> = (g.__jobStats ??= new Map());

export function runnerStatus(): RunnerStatus {
  return { ...runnerState };
}

export function jobStats(name: string): JobStats {
  let s = stats.get(name);
  if (!s) stats.set(name, (s = { runs: 0, items: 0, failures: 0, nextDueAt: null, busySince: null }));
  return s;
}
