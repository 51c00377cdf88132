/**
 * `npm run bench:logs`: the log-scale benchmark alone (issue 32), in-process, against
 * BENCH_DATABASE_URL or DATABASE_URL (a throw-away database is created and dropped there); no
 * built app needed. Options: LOG_BENCH_ROWS (default 1000000 per table), LOG_BENCH_RUNS (200).
 * It takes minutes (seeding 3 M rows): run it under the shared machine's heavy-command lock.
 */
import { runLogScaleBench } from "./log-scale-bench";

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error("Set BENCH_DATABASE_URL (or DATABASE_URL) to a Postgres server.");
    process.exit(2);
  }
  const r = await runLogScaleBench(url, {
    rows: Number(process.env.LOG_BENCH_ROWS ?? 1_000_000),
    runs: Number(process.env.LOG_BENCH_RUNS ?? 200),
  });
  console.log("| filter | runs | p50 ms | p99 ms | rows |\n|---|---:|---:|---:|---:|");
  for (const row of r.rows) console.log(`| ${row.title} | ${row.runs} | ${row.p50} | ${row.p99} | ${row.rows} |`);
  for (const [k, v] of Object.entries(r.figures)) console.log(`  ${k.padEnd(52)} ${v}`);
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
