import { serveMetrics } from "@/lib/platform/serve-metrics";
import { installMetricSources } from "@/lib/registry/metric-sources";

// The composition root hands the metrics the job table and the request log before the first scrape.
installMetricSources();

/** Prometheus scrape endpoint (text format), behind METRICS_TOKEN; not part of the public API document. */
export const GET = serveMetrics;
