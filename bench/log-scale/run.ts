/**
 * `npm run bench:logs`: the log-scale benchmark alone (issue 32), in-process, against
 * BENCH_DATABASE_URL or DATABASE_URL (a throw-away database is created and dropped there); no
 * built app needed. Options: LOG_BENCH_ROWS (default 1000000 per table), LOG_BENCH_RUNS (200),
 * LOG_BENCH_REQUEST_RUNS (calls per request-log case, default LOG_BENCH_RUNS),
 * LOG_BENCH_ONLY=requests (the request log alone: a few minutes), BENCH_DB_PREFIX (the throw-away
 * database's name prefix, e.g. hc_), LOG_BENCH_KEEP=1 (leave that database), LOG_BENCH_PROGRESS=1
 * (each request-log case on stderr as it ends). Prints a table and writes bench/results/logs-<time>.json.
 * It takes minutes: run it under the shared machine's heavy-command lock.
 */
import fs from "node:fs";
import path from "node:path";
import { runLogScaleBench } from "./log-scale-bench";

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error("Set BENCH_DATABASE_URL (or DATABASE_URL) to a Postgres server.");
    process.exit(2);
  }
  const only = process.env.LOG_BENCH_ONLY;
  if (only !== undefined && only !== "requests") {
    console.error("LOG_BENCH_ONLY takes only 'requests'.");
    process.exit(2);
  }
  const runs = Number(process.env.LOG_BENCH_RUNS ?? 200);
  const r = await runLogScaleBench(url, {
    rows: Number(process.env.LOG_BENCH_ROWS ?? 1_000_000),
    runs,
    requestRuns: Number(process.env.LOG_BENCH_REQUEST_RUNS ?? runs),
    only,
    dbPrefix: process.env.BENCH_DB_PREFIX,
    keep: process.env.LOG_BENCH_KEEP === "1",
  });
  console.log("| filter | runs | p50 ms | p95 ms | p99 ms | rows |\n|---|---:|---:|---:|---:|---:|");
  for (const row of r.rows)
    console.log(`| ${row.title} | ${row.runs} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.rows} |`);
  for (const [k, v] of Object.entries(r.figures)) console.log(`  ${k.padEnd(52)} ${v}`);
  const dir = path.join(process.cwd(), "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `logs-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(r, null, 2) + "\n");
  console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
  const over = r.rows.filter((row) => row.p99 >= 100);
  if (over.length > 0) {
    console.error(`p99 >= 100 ms: ${over.map((o) => o.title).join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
