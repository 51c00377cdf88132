import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { databaseOutageStatus } from "@/lib/db/outage";
import { queryOne } from "@/lib/db/sql";
import { jobStats, runnerStatus } from "@/lib/jobs/runner-status";

/**
 * Prometheus metrics of this process (prom-client), served at /metrics behind
 * METRICS_TOKEN. Kept on globalThis so every Next bundle in the process (route
 * handlers, instrumentation) records into one registry.
 */
interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  latency: Histogram<"method" | "route" | "status">;
  deliveries: Counter<"outcome">;
  upstream: Counter<"provider" | "outcome">;
  budgetUsed: Gauge<"provider" | "window">;
  budgetLimit: Gauge<"provider" | "window">;
  budgetDenied: Counter<"provider" | "priority">;
}

/**
 * What the per-job metrics read at scrape time. The composition root sets it
 * (lib/registry/metric-sources.ts), so this module knows no job and no domain; unset, no job rows.
 */
export interface JobMetricsSource {
  jobNames(): readonly string[];
  backlogs(): Promise<Map<string, { depth: number; oldestDueAgeS: number }>>;
}

/** The request log's bounded buffer (lib/requests/request-log.ts), read at scrape time. */
type RequestLogStats = () => { dropped: number; buffered: number };

const g = globalThis as unknown as {
  __metrics?: Metrics;
  __jobMetricsSource?: JobMetricsSource;
  __requestLogStats?: RequestLogStats;
};

/** Kept on globalThis like the registry: the bundle that sets it need not be the one that scrapes. */
export function setJobMetricsSource(source: JobMetricsSource): void {
  g.__jobMetricsSource = source;
}

/** Set by the composition root with the job source (lib/registry/metric-sources.ts); a scrape without it fails. */
export function setRequestLogStats(read: RequestLogStats): void {
  g.__requestLogStats = read;
}

function requestLogStats(): ReturnType<RequestLogStats> {
  const read = g.__requestLogStats;
  if (!read)
    throw new Error(
      "lib/platform/metrics: the request-log stats source is not installed; call installMetricSources() (lib/registry/metric-sources.ts) before scraping.",
    );
  return read();
}

function metrics(): Metrics {
  if (g.__metrics) return g.__metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  dropTotalGauges(registry);
  const requests = new Counter({
    name: "http_requests_total",
    help: "API requests by route template and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "API request latency by route template and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "webhook_delivery_attempts_total",
    help: "Webhook delivery attempts made by this process, by outcome",
    labelNames: ["outcome"],
    registers: [registry],
  });
  new Gauge({
    name: "webhook_deliveries_due",
    help: "Pending delivery chains whose next attempt is due (queue depth, all instances)",
    registers: [registry],
    async collect() {
      const r = await queryOne<{ n: string; age: string | null }>(
        await getDb(),
        sql`SELECT count(*) AS n, extract(epoch FROM now() - min(next_attempt_at)) AS age FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()`,
      );
      this.set(Number(r?.n ?? 0));
      oldest.set(Number(r?.age ?? 0));
    },
  });
  new Gauge({
    name: "database_up",
    help: "1 while this process reaches Postgres, 0 while it answers 503 on the shared database-down state until a probe succeeds",
    registers: [registry],
    collect() {
      this.set(databaseOutageStatus().down ? 0 : 1);
    },
  });
  new Counter({
    name: "request_log_rows_dropped_total",
    help: "Request-log rows this process dropped because its bounded buffer was full (the database was down or slow)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(requestLogStats().dropped);
    },
  });
  new Gauge({
    name: "request_log_rows_buffered",
    help: "Request-log rows waiting in this process to be written (they grow while the database is down)",
    registers: [registry],
    collect() {
      this.set(requestLogStats().buffered);
    },
  });
  const oldest = new Gauge({
    name: "webhook_oldest_due_delivery_age_seconds",
    help: "Age of the oldest due delivery attempt (0 when none)",
    registers: [registry],
  });
  new Gauge({
    name: "job_runner_last_ok_age_seconds",
    help: "Seconds since this process's local runner last completed a pass without error (-1: not running here)",
    registers: [registry],
    collect() {
      const s = runnerStatus();
      this.set(s.running && s.lastOkAt ? (Date.now() - Date.parse(s.lastOkAt)) / 1000 : -1);
    },
  });
  registerJobMetrics(registry);
  const upstream = new Counter({
    name: "weather_upstream_calls_total",
    help: "Weather provider calls by this process by outcome (ok, timeout, error), plus circuit_open: calls not made because the circuit was open",
    labelNames: ["provider", "outcome"],
    registers: [registry],
  });
  const budgetUsed = new Gauge({
    name: "weather_upstream_budget_used",
    help: "Upstream calls taken in the current window (all instances), as last seen by this process",
    labelNames: ["provider", "window"],
    registers: [registry],
  });
  const budgetLimit = new Gauge({
    name: "weather_upstream_budget_limit",
    help: "Upstream calls allowed per window (0 = unlimited)",
    labelNames: ["provider", "window"],
    registers: [registry],
  });
  const budgetDenied = new Counter({
    name: "weather_upstream_budget_denied_total",
    help: "Upstream calls this process did not make because the provider's budget was used up, by priority (interactive, background)",
    labelNames: ["provider", "priority"],
    registers: [registry],
  });
  g.__metrics = { registry, requests, latency, deliveries, upstream, budgetUsed, budgetLimit, budgetDenied };
  return g.__metrics;
}

/**
 * Per job of the job table (each runs in its own loop): queue depth and oldest due age (all
 * instances, from the tables; lib/registry/job-backlog.ts), and this process's batches run, items
 * handled and failures.
 */
function registerJobMetrics(registry: Registry): void {
  // One backlog read per scrape, shared by the two gauges (prom-client collects metrics concurrently).
  let scrape: { at: number; backlogs: Promise<Map<string, { depth: number; oldestDueAgeS: number }>> } | undefined;
  const backlogs = () => {
    if (!scrape || Date.now() - scrape.at > 250) {
      scrape = { at: Date.now(), backlogs: g.__jobMetricsSource?.backlogs() ?? Promise.resolve(new Map()) };
    }
    return scrape.backlogs;
  };
  new Gauge({
    name: "job_queue_depth",
    help: "Per job: items due now (all instances; cron sweeps: 1 while this process's slot is due and unfinished)",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      for (const [job, b] of await backlogs()) this.set({ job }, b.depth);
    },
  });
  new Gauge({
    name: "job_oldest_due_age_seconds",
    help: "Per job: how long its oldest due item has waited (0 when none)",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      for (const [job, b] of await backlogs()) this.set({ job }, b.oldestDueAgeS);
    },
  });
  const counters = [
    ["job_runs_total", "Per job: batches run by this process (empty polls included)", "runs"],
    ["job_items_total", "Per job: items handled by this process", "items"],
    ["job_failures_total", "Per job: batches that failed in this process", "failures"],
  ] as const;
  for (const [name, help, field] of counters) {
    new Counter({
      name,
      help,
      labelNames: ["job"],
      registers: [registry],
      collect() {
        this.reset();
        for (const job of g.__jobMetricsSource?.jobNames() ?? []) this.inc({ job }, jobStats(job)[field]);
      },
    });
  }
}

/**
 * prom-client's defaults include three gauges named `_total` (nodejs_active_handles_total,
 * _requests_total, _resources_total), a suffix Prometheus reserves for counters (promtool check
 * metrics flags them). Dropped: the same counts stay available by type as the gauges
 * nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
 */
function dropTotalGauges(registry: Registry): void {
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { method, route, status: String(status) };
  m.requests.inc(labels);
  m.latency.observe(labels, seconds);
}

export function countDeliveryAttempt(outcome: string): void {
  metrics().deliveries.inc({ outcome });
}

export function countUpstreamCall(provider: string, outcome: "ok" | "timeout" | "error" | "circuit_open"): void {
  metrics().upstream.inc({ provider, outcome });
}

export function observeUpstreamBudget(provider: string, window: "minute" | "day", used: number, limit: number): void {
  const m = metrics();
  m.budgetUsed.set({ provider, window }, used);
  m.budgetLimit.set({ provider, window }, limit);
}

export function countBudgetDenied(provider: string, priority: string): void {
  metrics().budgetDenied.inc({ provider, priority });
}

export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
