/** The event types (spec "Events"); client-safe (no database imports). */
export const WEBHOOK_EVENT_TYPES = [
  "weather.change_detected",
  "weather.severe_alert_added",
  "weather.watch_expired",
  "weather.watch_failed",
  "weather.snapshot_refreshed",
  "weather.webhook_delivery_failed",
  "weather.webhook_endpoint_disabled",
  "billing.quota_threshold_reached",
  "trip.proposal_replan_requested",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "weather.change_detected": "A watch's snapshot crossed one of its change rules.",
  "weather.severe_alert_added": "A new severe or extreme alert appeared for a watched place.",
  "weather.watch_expired": "A watch reached its end and was retired.",
  "weather.watch_failed": "A watch's refreshes kept failing and it gave up.",
  "weather.snapshot_refreshed": "A watch was refreshed and no rule was crossed.",
  "weather.webhook_delivery_failed": "A delivery exhausted its retries.",
  "weather.webhook_endpoint_disabled": "An endpoint was auto-disabled (subscribe on a different endpoint).",
  "billing.quota_threshold_reached":
    "The account reached 80 % or 100 % of a metered dimension's limit (requests, timeline items, route calls, active watches); once per dimension, threshold and billing period.",
  "trip.proposal_replan_requested":
    "A trip member asked for a new plan instead of an external agent's proposal (now superseded); sent to the accounts watching the trip. Raise a new proposal against the trip's current revision.",
};

/** The types a watch emits (drizzle/schema/watches.ts WATCH_EVENT_TYPES; client-safe copy, a test checks they agree). */
export const WATCH_EMITTED_EVENT_TYPES: readonly WebhookEventType[] = [
  "weather.change_detected",
  "weather.severe_alert_added",
  "weather.snapshot_refreshed",
  "weather.watch_expired",
  "weather.watch_failed",
];
