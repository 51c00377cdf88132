import { serveMetrics } from "@/lib/platform/serve-metrics";
import { installJobMetrics } from "@/lib/registry/job-metrics";

// The composition root hands the metrics the job table before the first scrape.
installJobMetrics();

/** Prometheus scrape endpoint (text format), behind METRICS_TOKEN; not part of the public API document. */
export const GET = serveMetrics;
