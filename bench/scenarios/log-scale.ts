import { runLogScaleBench } from "../log-scale/log-scale-bench";
import type { BenchScenario } from "../types";

/**
 * Issue 32: every filter of the request log and of the attempts listing with 1,000,000 rows each
 * for one account (bench/log-scale/log-scale-bench.ts), measured in-process in a throw-away
 * database of the same Postgres. Gated: `BENCH_ONLY="logs at scale" npm run bench` (minutes); the
 * same bench without a built app: `npm run bench:logs`.
 */
export const scenarios: BenchScenario[] = [
  {
    name: "logs at scale: 1M request-log rows + 1M attempts, each filter in-process",
    gated: true,
    async run(ctx) {
      const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
      if (!url) throw new Error("needs the Postgres pass (DATABASE_URL)");
      const r = await runLogScaleBench(url);
      for (const row of r.rows) {
        ctx.record({
          title: row.title,
          rps: Math.round(1000 / Math.max(row.p50, 0.001)),
          p50: row.p50,
          p99: row.p99,
          non2xx: 0,
          errors: 0,
          requests: row.runs,
          note: "in-process, one call at a time; p99 < 100 ms",
        });
      }
      const worst = r.rows.reduce((a, row) => (row.p99 > a.p99 ? row : a), r.rows[0]);
      ctx.check("log filters at 1M rows: every p99 < 100 ms", worst.p99 < 100, `worst ${worst.title}: ${worst.p99} ms`);
      return r.figures;
    },
  },
];
