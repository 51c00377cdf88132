import { serveMetrics } from "@/lib/platform/serve-metrics";

/** Prometheus scrape endpoint (text format), behind METRICS_TOKEN; not part of the public API document. */
export const GET = serveMetrics;
