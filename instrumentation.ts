/**
 * Starts the in-process local runner in the Node server when Inngest is not
 * configured (DESIGN section 6). Never during `next build`.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { env } = await import("@/lib/env");
  const { inngestEnabled } = await import("@/lib/jobs/mode");
  if (env().LOCAL_RUNNER_DISABLED || inngestEnabled()) return;
  const { startLocalRunner } = await import("@/lib/jobs/local-runner");
  const { localTasks } = await import("@/lib/jobs/tasks");
  startLocalRunner(localTasks(), env().LOCAL_RUNNER_INTERVAL_MS);
}
