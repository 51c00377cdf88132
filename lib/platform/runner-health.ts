import { env } from "@/lib/env";
import { inngestEnabled } from "@/lib/jobs/mode";
import { runnerStatus } from "@/lib/jobs/runner-status";

export interface RunnerHealth {
  /** Where this instance's background work runs. */
  mode: "local" | "inngest" | "disabled";
  /** local mode: ok (a pass completed recently), starting, or stalled; n/a otherwise. */
  status: "ok" | "starting" | "stalled" | "n/a";
  last_ok_at: string | null;
}

/** Job-runner liveness, reported by /api/healthz separately from the process and database. */
export function runnerHealth(now = Date.now()): RunnerHealth {
  if (inngestEnabled()) return { mode: "inngest", status: "n/a", last_ok_at: null };
  if (env().LOCAL_RUNNER_DISABLED) return { mode: "disabled", status: "n/a", last_ok_at: null };
  const s = runnerStatus();
  // A pass runs at least every LOCAL_RUNNER_INTERVAL_MS; ten missed passes (at least a minute) is a stall.
  const bound = Math.max(10 * env().LOCAL_RUNNER_INTERVAL_MS, 60_000);
  if (s.lastOkAt && now - Date.parse(s.lastOkAt) <= bound) return { mode: "local", status: "ok", last_ok_at: s.lastOkAt };
  if (!s.lastOkAt && s.startedAt && now - Date.parse(s.startedAt) <= bound) return { mode: "local", status: "starting", last_ok_at: null };
  if (!s.running && !s.startedAt) return { mode: "local", status: "starting", last_ok_at: null };
  return { mode: "local", status: "stalled", last_ok_at: s.lastOkAt };
}
