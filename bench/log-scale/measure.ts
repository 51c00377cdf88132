import { performance } from "node:perf_hooks";

/** One measured case of the log-scale bench: latency percentiles over `runs` calls, rows of the last call. */
export interface LogScaleRow {
  title: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  rows: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `runs` calls one at a time after 3 warm-ups (plans cached, pages in memory); `call` returns the rows it got. */
export async function measure(title: string, runs: number, call: (i: number) => Promise<number>): Promise<LogScaleRow> {
  for (let i = 0; i < 3; i++) await call(i);
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = await call(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => +pct(ms, p).toFixed(2);
  return { title, runs, p50: at(50), p95: at(95), p99: at(99), rows };
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await fn();
  return [v, Math.round(performance.now() - t0)];
}
