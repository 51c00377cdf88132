import { setJobMetricsSource, setRequestLogStats } from "@/lib/platform/metrics";
import { requestLogStats } from "@/lib/requests/request-log";
import { jobBacklogs } from "./job-backlog";
import { JOBS } from "./job-table";

/**
 * Hands the scrape-time metrics (lib/platform/metrics.ts) what they read from the domains: the
 * job table and its backlog reader, and the request log's buffer counters. The metrics module
 * keeps counters and histograms and imports no job or domain. Called by the adapters that serve
 * or record metrics (app/metrics, instrumentation).
 */
export function installMetricSources(): void {
  setJobMetricsSource({ jobNames: () => JOBS.map((j) => j.name), backlogs: () => jobBacklogs() });
  setRequestLogStats(requestLogStats);
}
