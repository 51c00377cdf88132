import type { Plan } from "@/drizzle/schema";

/**
 * How long events, their delivery chains, attempts and payloads are kept (issue 29): 7 days on
 * the free plan, 30 on paid plans. Recovery reaches at most this far back. Client-safe (the
 * portal's recover form shows it); the prune is lib/webhooks/retention.ts.
 */
export const WEBHOOK_RETENTION_DAYS: Record<Plan, number> = { free: 7, starter: 30, pro: 30, enterprise: 30 };
