import { z } from "zod";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { areaContract } from "@/lib/http/contract";

const DimensionUsageSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int().meta({ description: "limit - used, never below 0" }),
});

export const UsageSchema = z
  .object({
    plan: z.enum(["free", "starter", "pro", "enterprise"]),
    environment: z.enum(["production", "sandbox"]),
    is_internal: z.boolean().meta({ description: "Internal keys are metered but never limited" }),
    period: z.object({
      start: z.string().meta({ description: "Start of the UTC calendar month (inclusive)" }),
      end: z.string().meta({ description: "Next UTC month boundary (exclusive); equals X-RateLimit-Reset" }),
    }),
    limits: z.object({
      requests_per_month: z.number().int(),
      timeline_items_per_month: z.number().int(),
      active_watches: z.number().int(),
      route_calls_per_month: z.number().int(),
    }),
    usage: z.object({
      requests: DimensionUsageSchema,
      timeline_items: DimensionUsageSchema,
      route_calls: DimensionUsageSchema,
      active_watches: DimensionUsageSchema.meta({ description: "used is the live count of watches in status active" }),
    }),
  })
  .meta({ id: "Usage" });

export const DailyUsageSchema = z
  .object({
    month: z.string().meta({ description: "YYYY-MM" }),
    period: z.object({ start: z.string(), end: z.string() }),
    endpoints: z.array(z.string()),
    days: z.array(
      z.object({
        date: z.string(),
        total_units: z.number().int(),
        by_endpoint: z.record(z.string(), z.number().int()),
      }),
    ),
  })
  .meta({ id: "DailyUsage" });

export const DailyUsageQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM, e.g. 2026-11")
    .optional()
    .meta({ description: "UTC month, YYYY-MM; default the current month" }),
});

const contract = areaContract({ tags: ["Usage"], family: "weather", auth: sessionOrApiKey() });

export const billingContracts = {
  getUsage: contract({
    operationId: "usage.get",
    examples: {},
    method: "GET",
    path: "/v1/usage",
    summary: "Quota usage of the current month",
    description:
      "Any valid API key (no scope needed), or the portal session. Bills 0 units, never consumes quota and is exempt from rate limits. " +
      "Usage counts the current UTC calendar month; active_watches is the live count of active watches.",
    responses: { 200: { description: "Usage", schema: UsageSchema } },
  }),
  getDailyUsage: contract({
    operationId: "usage.getDaily",
    examples: { query: { month: "2026-11" } },
    method: "GET",
    path: "/v1/usage/daily",
    summary: "Billing units per day and endpoint",
    description:
      "Billing units of one UTC month per day and endpoint (the portal's usage chart). Any valid API key or the portal session; bills 0 units. " +
      "Watch-day accrual appears as endpoint weather.watch_days.",
    query: DailyUsageQuery,
    responses: {
      200: { description: "Daily usage", schema: DailyUsageSchema },
      400: { description: "month is not YYYY-MM" },
    },
  }),
};
