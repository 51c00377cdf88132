import type { WebhookAttemptRow, WebhookEndpointRow } from "@/drizzle/schema";
import type { WebhookEventType } from "@/lib/events/event-types";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The spec's Webhook endpoint read shape (never the secret). */
export function presentEndpoint(e: WebhookEndpointRow) {
  return {
    webhook_id: e.id,
    url: e.url,
    events: e.events as WebhookEventType[],
    description: e.description,
    status: e.status,
    secret_prefix: e.secretPrefix,
    failure_count: e.failureCount,
    last_delivery_at: iso(e.lastDeliveryAt),
    last_success_at: iso(e.lastSuccessAt),
    last_failure_at: iso(e.lastFailureAt),
    disabled_at: iso(e.disabledAt),
    disabled_reason: e.disabledReason ?? null,
    rate_limit_per_second: e.rateLimitPerSecond,
    paused_until: e.pausedUntil && e.pausedUntil > new Date() ? e.pausedUntil.toISOString() : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
export type PresentedEndpoint = ReturnType<typeof presentEndpoint>;

/** The spec's Delivery attempt shape. */
export function presentAttempt(a: WebhookAttemptRow) {
  return {
    attempt_id: a.id,
    event_id: a.eventId,
    event_type: a.eventType,
    attempt_number: a.attemptNumber,
    status: a.status,
    response_status: a.responseStatus,
    response_time_ms: a.responseTimeMs,
    response_body_excerpt: a.responseBodyExcerpt,
    error_message: a.errorMessage,
    request_signature: a.requestSignature,
    request_timestamp: a.requestTimestamp,
    scheduled_at: a.scheduledAt.toISOString(),
    attempted_at: a.attemptedAt.toISOString(),
    completed_at: a.completedAt.toISOString(),
    next_retry_at: iso(a.nextRetryAt),
  };
}
export type PresentedAttempt = ReturnType<typeof presentAttempt>;

/** Watch signing secret as the portal shows it (session only). */
export function presentSigningSecret(s: {
  secret: string;
  secretPrefix: string;
  createdAt: Date;
  rotatedAt: Date | null;
}) {
  return {
    secret: s.secret,
    secret_prefix: s.secretPrefix,
    created_at: s.createdAt.toISOString(),
    rotated_at: iso(s.rotatedAt),
  };
}
