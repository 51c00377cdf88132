import type { TableRow } from "./types";

/**
 * Closed-loop clients for what autocannon cannot drive (bodies that depend on the previous
 * answer, resources consumed once). Each client runs `step` until the time is up (or it
 * returns "done"); the row's req/s counts the steps that returned "ok".
 */
export async function closedLoop(opts: {
  title: string;
  clients: number;
  seconds: number;
  step: (client: number) => Promise<"ok" | "retry" | "error" | "done">;
}): Promise<TableRow & { ok: number; retries: number; calls: number }> {
  const latencies: number[] = [];
  let ok = 0;
  let retries = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, c) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const r = await opts.step(c);
        if (r === "done") break;
        latencies.push(performance.now() - t0);
        if (r === "ok") ok++;
        else if (r === "retry") retries++;
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
  return {
    title: opts.title,
    rps: Math.round(ok / elapsed),
    p50: pct(0.5),
    p99: pct(0.99),
    non2xx: errors,
    errors: 0,
    requests: latencies.length,
    ok,
    retries,
    calls: latencies.length,
  };
}
