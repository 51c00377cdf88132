export interface EventSummary {
  event_id: string;
  type: string;
  created_at: string;
  watch_id: string | null;
  test: boolean;
  delivery_state: "no_targets" | "pending" | "delivered" | "failed";
  targets: number;
}

export interface DeliverySummary {
  delivery_id: string;
  target: "webhook_endpoint" | "watch_webhook_url";
  kind: "endpoint" | "watch" | "manual" | "test";
  webhook_id: string | null;
  watch_id: string | null;
  url: string;
  status: "pending" | "delivered" | "giving_up" | "cancelled";
  attempts_made: number;
  max_attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  last_attempt: { attempt_id: string; response_status: number; error_message: string | null; attempted_at: string } | null;
}

export interface EventDetail {
  event_id: string;
  type: string;
  created_at: string;
  watch_id: string | null;
  test: boolean;
  payload: string;
  data: Record<string, unknown>;
  deliveries: DeliverySummary[];
}

export interface AttemptDetail {
  attempt_id: string;
  event_id: string;
  attempt_number: number;
  status: "delivered" | "retrying" | "failed" | "giving_up";
  response_status: number;
  response_time_ms: number;
  response_body_excerpt: string;
  error_message: string | null;
  attempted_at: string;
  next_retry_at: string | null;
  delivery_id: string;
  delivery_kind: "endpoint" | "watch" | "manual" | "test";
  url: string;
  request_body: string | null;
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
}

export const STATE_TONE = { no_targets: "neutral", pending: "warning", delivered: "success", failed: "danger" } as const;
export const ATTEMPT_TONE = { delivered: "success", retrying: "warning", failed: "danger", giving_up: "danger" } as const;
