import type { WebhookEventType } from "@/lib/webhooks/event-types";

/** Shapes of the /v1/webhooks responses as the portal reads them (weather envelope `data`). */
export interface WebhookEndpoint {
  webhook_id: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  status: "active" | "disabled";
  secret_prefix: string;
  failure_count: number;
  last_delivery_at: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface DeliveryAttempt {
  attempt_id: string;
  event_id: string;
  event_type: string;
  attempt_number: number;
  status: "delivered" | "retrying" | "failed" | "giving_up";
  delivery_kind?: "endpoint" | "watch" | "manual" | "test";
  request_body?: string | null;
  request_headers?: Record<string, string> | null;
  response_status: number;
  response_time_ms: number;
  response_body_excerpt: string;
  error_message: string | null;
  request_signature: string;
  request_timestamp: number;
  scheduled_at: string;
  attempted_at: string;
  completed_at: string;
  next_retry_at: string | null;
}

export interface ManualDelivery {
  event_id: string;
  delivery_id: string;
  webhook_id: string;
  attempt: DeliveryAttempt | null;
}

export interface Envelope<T> {
  data: T;
}

export const WEBHOOKS_QUERY = ["webhooks"] as const;
export const webhookQuery = (id: string) => ["webhooks", id] as const;
export const attemptsQuery = (id: string) => ["webhooks", id, "attempts"] as const;
