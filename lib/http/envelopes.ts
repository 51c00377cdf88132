import { z } from "zod";
import { env } from "@/lib/env";
import type { ApiError } from "./errors";
import type { Family } from "./types";

export function weatherMeta(requestId: string, extra: Record<string, unknown> = {}) {
  return {
    request_id: requestId,
    generated_at: new Date().toISOString(),
    environment: env().APP_ENVIRONMENT,
    ...extra,
  };
}

export function errorBody(family: Family, err: ApiError, requestId: string): unknown {
  switch (family) {
    case "weather":
      return {
        error: { code: err.code, message: err.message, details: err.details, request_id: requestId },
        meta: { request_id: requestId, generated_at: new Date().toISOString() },
      };
    case "api":
      return { error: { code: err.code, message: err.message, details: err.details, request_id: requestId } };
    case "flat":
      return {
        error: err.message,
        code: err.code,
        ...(err.details != null ? { details: err.details } : {}),
        ...err.extra,
      };
  }
}

// Schemas of the envelopes, for the OpenAPI document.
export const WeatherMetaSchema = z
  .object({
    request_id: z.string().uuid(),
    generated_at: z.string(),
    environment: z.string(),
    billing_units: z.number().int().optional(),
    cache_status: z.enum(["HIT", "MISS", "STALE", "MIXED"]).optional(),
    snapshot_id: z.string().uuid().optional(),
    items_analyzed: z.number().int().optional(),
    segments_analyzed: z.number().int().optional(),
    units: z.enum(["metric", "imperial", "standard"]).optional(),
    language: z.string().optional(),
  })
  .meta({ id: "WeatherMeta" });

export const WeatherErrorSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown(), request_id: z.string() }),
    meta: z.object({ request_id: z.string(), generated_at: z.string() }),
  })
  .meta({ id: "WeatherError" });

export const ApiErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown(), request_id: z.string() }) })
  .meta({ id: "ApiError" });

export const FlatErrorSchema = z
  .object({ error: z.string(), code: z.string(), details: z.unknown().optional() })
  .catchall(z.unknown())
  .meta({ id: "FlatError" });

export function errorSchemaFor(family: Family) {
  return family === "weather" ? WeatherErrorSchema : family === "api" ? ApiErrorSchema : FlatErrorSchema;
}
