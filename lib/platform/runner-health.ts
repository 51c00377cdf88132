import { env } from "@/lib/env";
import { inngestEnabled } from "@/lib/jobs/mode";
import { heldWork, workLeaseMs } from "@/lib/jobs/lease-heartbeat";
import { runnerStatus } from "@/lib/jobs/runner-status";

export interface RunnerHealth {
  /** Where this instance's background work runs. */
  mode: "local" | "inngest" | "disabled";
  /** local mode: ok (a pass completed recently), starting, or stalled; n/a otherwise. Stalled too while work is held overdue. */
  status: "ok" | "starting" | "stalled" | "n/a";
  last_ok_at: string | null;
  /** Chains and watch claims this instance holds (their leases renewed by its heartbeats) now. */
  held: number;
  /** Of those, held longer than an attempt may take (held_allowed_ms): stuck work that no other instance can reclaim. */
  held_overdue: number;
  held_allowed_ms: number;
}

/**
 * The longest a claim may honestly be held: waiting behind two waves of attempts to its endpoint
 * (each up to WEBHOOK_TIMEOUT_MS), then its own attempt and record, plus four leases of slack.
 */
export function heldAllowedMs(): number {
  return 3 * env().WEBHOOK_TIMEOUT_MS + 4 * workLeaseMs();
}

/** Job-runner liveness, reported by /api/healthz separately from the process and database. */
export function runnerHealth(now = Date.now()): RunnerHealth {
  const allowed = heldAllowedMs();
  const w = heldWork(allowed, now);
  const held = { held: w.held, held_overdue: w.overdue, held_allowed_ms: allowed };
  const base = runnerLiveness(now);
  return { ...base, ...held, status: w.overdue > 0 && base.status !== "n/a" ? "stalled" : base.status };
}

function runnerLiveness(now: number): Pick<RunnerHealth, "mode" | "status" | "last_ok_at"> {
  if (inngestEnabled()) return { mode: "inngest", status: "n/a", last_ok_at: null };
  if (env().LOCAL_RUNNER_DISABLED) return { mode: "disabled", status: "n/a", last_ok_at: null };
  const s = runnerStatus();
  // A pass runs at least every LOCAL_RUNNER_INTERVAL_MS; ten missed passes (at least a minute) is a stall.
  const bound = Math.max(10 * env().LOCAL_RUNNER_INTERVAL_MS, 60_000);
  if (s.lastOkAt && now - Date.parse(s.lastOkAt) <= bound)
    return { mode: "local", status: "ok", last_ok_at: s.lastOkAt };
  if (!s.lastOkAt && s.startedAt && now - Date.parse(s.startedAt) <= bound)
    return { mode: "local", status: "starting", last_ok_at: null };
  if (!s.running && !s.startedAt) return { mode: "local", status: "starting", last_ok_at: null };
  return { mode: "local", status: "stalled", last_ok_at: s.lastOkAt };
}
