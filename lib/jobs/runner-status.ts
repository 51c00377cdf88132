/** Liveness of this process's runner, for /api/healthz and /metrics. */
export interface RunnerStatus {
  running: boolean;
  startedAt: string | null;
  /** Last pass in which every task ran without throwing (its claim queries succeeded). */
  lastOkAt: string | null;
  lastErrorAt: string | null;
  wakeListening: boolean;
}
// On globalThis: Next bundles instrumentation and route handlers separately, so
// a module-level variable would not be the one /api/healthz reads.
const g = globalThis as unknown as { __runnerStatus?: RunnerStatus };
export const runnerState: RunnerStatus = (g.__runnerStatus ??= { running: false, startedAt: null, lastOkAt: null, lastErrorAt: null, wakeListening: false });
export function runnerStatus(): RunnerStatus {
  return { ...runnerState };
}

