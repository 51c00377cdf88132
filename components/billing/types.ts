import type { Schemas } from "@/lib/client/api-client";

/** Shapes of GET /v1/usage and GET /v1/usage/daily: the types generated from the OpenAPI document. */
export type UsageData = Schemas["Usage"];
export type DimensionUsage = UsageData["usage"]["requests"];
export type DailyUsageData = Schemas["DailyUsage"];

export interface Envelope<T> {
  data: T;
  meta: Record<string, unknown>;
}
