/**
 * A benchmark scenario: `npm run bench` runs every scenario against a running built app.
 * Area scenarios run in the Postgres pass (DATABASE_URL given), because they seed through the
 * admin CLI while the server runs and PGlite has no cross-process lock; the embedded pass runs
 * the platform baseline only.
 */
export interface BenchContext {
  /** e.g. http://127.0.0.1:3300 */
  baseUrl: string;
  /** Runs the admin CLI against the same database as the app; returns its JSON object. */
  admin(command: string, flags: Record<string, string | number | boolean>): Promise<any>;
  /** autocannon run (64 connections, BENCH_SECONDS s, after a warm-up); recorded as a table row. */
  load(opts: LoadOptions): Promise<LoadResult>;
  /** Records a row measured another way (closed-loop clients, the delivery benchmark); its ratio is to `baseline` when given, else to healthz. */
  record(row: TableRow): void;
  /** An invariant checked after a run (counters, limits); a failed check fails `npm run bench`. */
  check(name: string, ok: boolean, detail: string): void;
  /** req/s of /api/healthz measured in this run (the baseline for ratios). */
  baselineRps(): Promise<number>;
  /** A fresh user on `plan` with a key holding every scope (internal: metered, never capped, unless internal is false). */
  newDeveloper(plan?: string, opts?: { internal?: boolean }): Promise<{ email: string; key: string; token: string }>;
  /** A second server of the same build and database with some env changed, for A/B figures in one run (Postgres pass only). Its loads are not recorded. */
  startVariant?(
    env: Record<string, string>,
  ): Promise<{ baseUrl: string; load(opts: LoadOptions): Promise<LoadResult>; stop(): Promise<void> }>;
}

export interface LoadOptions {
  title: string;
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /**
   * Ratio to healthz this row must reach (issue 15's table); shown beside the figure. A row with
   * a target is measured paired with healthz (harness.ts pairedLoad), its ratio from that pair.
   */
  target?: number;
  /** Measure paired with healthz even without a target (the framework floors: their ratio is evidence). */
  paired?: boolean;
  /** Shown in the table's note column. */
  note?: string;
  /** Build each request (e.g. different bodies per request). */
  requests?: Array<{ method?: string; path?: string; body?: string; headers?: Record<string, string> }>;
}

export interface LoadResult {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

/** One line of the printed table and of bench/results/<date>.json. */
export interface TableRow extends LoadResult {
  scenario?: string;
  target?: number;
  /** /api/healthz req/s: paired with the row when it has a target, else measured just before its scenario; the ratio is to it. */
  baseline?: number;
  ratio?: number;
  /** Extra figures (e.g. applied ops/s, items/s). */
  note?: string;
}

export interface BenchCheck {
  scenario?: string;
  name: string;
  ok: boolean;
  detail: string;
}

export interface BenchScenario {
  name: string;
  /** Runs only when BENCH_ONLY names it (it takes minutes, e.g. seeding millions of rows). */
  gated?: boolean;
  /** Returns extra figures to print (numbers and short strings). */
  run(ctx: BenchContext): Promise<Record<string, number | string>>;
}
