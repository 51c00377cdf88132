import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { runnerStatus } from "@/lib/jobs/runner-status";

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
}

const g = globalThis as unknown as { __metrics?: Metrics };

function metrics(): Metrics {
  if (g.__metrics) return g.__metrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: "http_requests_total", help: "API requests by route template and status", labelNames: ["method", "route", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "API request latency by route template and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({ name: "webhook_delivery_attempts_total", help: "Webhook delivery attempts made by this process, by outcome", labelNames: ["outcome"], registers: [registry] });
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
  const oldest = new Gauge({ name: "webhook_oldest_due_delivery_age_seconds", help: "Age of the oldest due delivery attempt (0 when none)", registers: [registry] });
  new Gauge({
    name: "job_runner_last_ok_age_seconds",
    help: "Seconds since this process's local runner last completed a pass without error (-1: not running here)",
    registers: [registry],
    collect() {
      const s = runnerStatus();
      this.set(s.running && s.lastOkAt ? (Date.now() - Date.parse(s.lastOkAt)) / 1000 : -1);
    },
  });
  const upstream = new Counter({
    name: "weather_upstream_calls_total",
    help: "Weather provider calls by this process by outcome (ok, timeout, error), plus circuit_open: calls not made because the circuit was open",
    labelNames: ["provider", "outcome"],
    registers: [registry],
  });
  g.__metrics = { registry, requests, latency, deliveries, upstream };
  return g.__metrics;
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

export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
