/** Shapes of GET /v1/usage and GET /v1/usage/daily as the portal reads them. */
export interface DimensionUsage {
  limit: number;
  used: number;
  remaining: number;
}

export interface UsageData {
  plan: "free" | "starter" | "pro" | "enterprise";
  environment: "production" | "sandbox";
  is_internal: boolean;
  period: { start: string; end: string };
  limits: Record<string, number>;
  usage: { requests: DimensionUsage; timeline_items: DimensionUsage; route_calls: DimensionUsage; active_watches: DimensionUsage };
}

export interface DailyUsageData {
  month: string;
  period: { start: string; end: string };
  endpoints: string[];
  days: Array<{ date: string; total_units: number; by_endpoint: Record<string, number> }>;
}

export interface Envelope<T> {
  data: T;
  meta: Record<string, unknown>;
}
