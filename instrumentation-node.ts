/**
 * The Node-only part of instrumentation.ts, imported only under its `process.env.NEXT_RUNTIME ===
 * "nodejs"` branch: the Edge compile replaces that test with false and drops the import, so none of
 * this (postgres, node:crypto, the local runner…) is ever compiled for the Edge runtime.
 */
export async function registerNode(): Promise<void> {
  // First: bad paths and unsupported methods are answered before Next sees them (lib/registry/edge).
  const { env } = await import("@/lib/env");
  const { installEdgeGuard } = await import("@/lib/registry/edge/install");
  const { parseTrustedProxies } = await import("@/lib/registry/edge/client-address");
  try {
    installEdgeGuard(parseTrustedProxies(env().TRUSTED_PROXIES));
  } catch (e) {
    process.stderr.write(`Cannot start: ${(e as Error).message}\n`);
    process.exit(1);
  }
  const { productionConfigProblems } = await import("@/lib/platform/production-config");
  const problems = productionConfigProblems();
  if (problems.length > 0) {
    // One plain line per problem, then a non-zero exit: better than a 500 on every page.
    for (const p of problems) process.stderr.write(`Cannot start: ${p}\n`);
    process.exit(1);
  }
  // Build the place indexes (gazetteer, airports) in the background: the first event write need not wait.
  void import("@/lib/geo/resolve-place").then((m) => m.placeResolver()).catch(() => undefined);
  const { inngestEnabled } = await import("@/lib/jobs/mode");
  if (env().LOCAL_RUNNER_DISABLED || inngestEnabled()) return;
  const { localTasks, startLocalRunner } = await import("@/lib/jobs/local-runner");
  const { JOBS } = await import("@/lib/registry/job-table");
  startLocalRunner(localTasks({ jobs: JOBS }), env().LOCAL_RUNNER_INTERVAL_MS, { wake: true });
}
