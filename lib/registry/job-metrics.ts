import { setJobMetricsSource } from "@/lib/platform/metrics";
import { jobBacklogs } from "./job-backlog";
import { JOBS } from "./job-table";

/**
 * Hands the scrape-time job metrics (lib/platform/metrics.ts) the job table and its backlog
 * reader: the metrics module keeps counters and histograms and imports no job or domain.
 * Called by the adapters that serve or record metrics (app/metrics, instrumentation).
 */
export function installJobMetrics(): void {
  setJobMetricsSource({ jobNames: () => JOBS.map((j) => j.name), backlogs: () => jobBacklogs() });
}
