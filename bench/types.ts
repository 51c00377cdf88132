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
  /** autocannon run (64 connections, 10 s by default, after a 2 s warm-up). */
  load(opts: LoadOptions): Promise<LoadResult>;
  /** req/s of /api/healthz measured in this run (the baseline for ratios). */
  baselineRps(): Promise<number>;
  /** A fresh user with a pro plan, returned with a key holding every scope. */
  newDeveloper(plan?: string): Promise<{ email: string; key: string; token: string }>;
}

export interface LoadOptions {
  title: string;
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
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

export interface BenchScenario {
  name: string;
  /** Returns figures to print (numbers and short strings). */
  run(ctx: BenchContext): Promise<Record<string, number | string>>;
}
