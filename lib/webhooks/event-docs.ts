/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, with the signed envelope
 * (lib/webhooks/signing.ts eventEnvelope), the data each emitter sends, and the signature headers.
 */
import { z } from "zod";
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/events/event-types";

const open = z.record(z.string(), z.unknown());
const iso = z.string().meta({ format: "date-time" });
const riskLevel = z.enum(["low", "watch", "warning"]);

/** Fields every watch event carries (lib/watches/emit-watch-event.ts watchEventBase). */
const WatchBase = {
  watch_id: z.string().uuid(),
  target_type: z.string(),
  target_ref: open,
  location: z.object({ lat: z.number(), lng: z.number(), place_type: z.string().nullable() }),
  activity_type: z.string().nullable(),
  transport_mode: z.string().nullable(),
  window: z.object({ starts_at: iso, ends_at: iso }),
};
const Refreshed = {
  ...WatchBase,
  snapshot_id: z.string().uuid(),
  metrics: open.meta({ description: "The window's weather metrics from this snapshot" }),
  risk: z.object({ level: riskLevel, previous_level: riskLevel.nullable() }),
};

const DATA: Record<WebhookEventType, z.ZodType> = {
  "weather.change_detected": z.object({
    ...Refreshed,
    previous_snapshot_id: z.string().uuid().nullable(),
    previous_metrics: open.nullable(),
    changes: z.array(open).meta({ description: "The change rules crossed, with before and after values" }),
  }),
  "weather.severe_alert_added": z.object({
    ...Refreshed,
    alert: open.meta({ description: "The new severe or extreme alert" }),
  }),
  "weather.snapshot_refreshed": z.object({ ...Refreshed, previous_snapshot_id: z.string().uuid().nullable() }),
  "weather.watch_expired": z.object({
    ...WatchBase,
    expired_at: iso,
    last_snapshot_id: z.string().uuid().nullable(),
    last_risk_level: riskLevel.nullable(),
  }),
  "weather.watch_failed": z.object({
    ...WatchBase,
    failure_count: z.number().int(),
    last_error: z.string().nullable(),
    failed_at: iso,
  }),
  "weather.webhook_delivery_failed": z.object({
    event_id: z.string().uuid(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    delivery_id: z.string(),
    webhook_id: z.string().nullable(),
    watch_id: z.string().nullable(),
    target: z.enum(["webhook_endpoint", "watch_webhook_url"]),
    url: z.string(),
    attempts: z.number().int(),
  }),
  "weather.webhook_endpoint_disabled": z.object({
    webhook_id: z.string(),
    url: z.string(),
    reason: z.string(),
    disabled_at: iso,
    consecutive_failures: z.number().int(),
    consecutive_failure_threshold: z.number().int(),
    exhausted_chains_24h: z.number().int(),
    exhausted_chain_threshold: z.number().int(),
    exhausted_chain_window_hours: z.number().int(),
  }),
  "billing.quota_threshold_reached": z
    .object({
      dimension: z.enum(["requests", "timeline_items", "route_calls", "active_watches"]),
      limit_name: z
        .enum(["requests_per_month", "timeline_items_per_month", "route_calls_per_month", "active_watches"])
        .meta({ description: "The limit's name in GET /v1/usage" }),
      threshold_percent: z.union([z.literal(80), z.literal(100)]),
      limit: z.number().int().meta({ description: "The account's limit of the dimension" }),
      used: z
        .number()
        .int()
        .meta({ description: "Usage when the threshold was reached (the call that reached it included)" }),
      plan: z.enum(["free", "starter", "pro", "enterprise"]),
      environment: z.enum(["production", "sandbox"]),
      period: z.object({ start: iso, end: iso }).meta({ description: "The billing period (UTC calendar month)" }),
      resets_at: iso
        .nullable()
        .meta({ description: "When the monthly counter resets; null for active_watches (a live count)" }),
    })
    .meta({
      examples: [
        {
          dimension: "requests",
          limit_name: "requests_per_month",
          threshold_percent: 80,
          limit: 1000,
          used: 800,
          plan: "free",
          environment: "production",
          period: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
          resets_at: "2026-12-01T00:00:00.000Z",
        },
      ],
    }),
  "trip.proposal_replan_requested": z
    .object({
      trip_id: z.number().int(),
      proposal_id: z.string().uuid().meta({ description: "The proposal the member set aside (status superseded)" }),
      actor_agent_id: z.string().meta({ description: "The agent that raised it: act if it is yours" }),
      proposal_base_revision: z.number().int().nullable(),
      trip_revision: z.number().int().meta({ description: "The trip's revision now: base a new proposal on it" }),
      requested_by: z.string().uuid().meta({ description: "The member (user id) who asked" }),
      requested_at: iso,
    })
    .meta({
      examples: [
        {
          trip_id: 42,
          proposal_id: "6f1c1d2e-9a55-4c7e-8a51-2f0b7f3f9e10",
          actor_agent_id: "planner-agent-lisbon",
          proposal_base_revision: 7,
          trip_revision: 9,
          requested_by: "5f773da5-76de-4184-9c58-2a24062a25e9",
          requested_at: "2026-11-28T09:12:00.000Z",
        },
      ],
    }),
};

const SIGNATURE_HEADERS = [
  {
    in: "header" as const,
    name: "webhook-id",
    required: true,
    description:
      "Standard Webhooks 1.0: the event id (same as the body's id and X-Service-Event-Id); the same on every retry, redelivery and recovery, so deduplicate on it.",
    schema: { type: "string" as const, format: "uuid" },
  },
  {
    in: "header" as const,
    name: "webhook-timestamp",
    required: true,
    description: "Standard Webhooks 1.0: Unix seconds when this attempt was signed (equal to X-Service-Timestamp).",
    schema: { type: "string" as const, pattern: "^[0-9]+$" },
  },
  {
    in: "header" as const,
    name: "webhook-signature",
    required: true,
    description:
      "Standard Webhooks 1.0: space-separated `v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{raw body}>`, keyed by the base64-decoded part of the secret after `whsec_`; one entry per valid secret (two during a rotation's grace period). Verify with the `standardwebhooks` or `svix` libraries, passing the secret as shown.",
    schema: { type: "string" as const, pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
  },
  {
    in: "header" as const,
    name: "X-Service-Signature",
    required: true,
    description:
      "Lowercase hex HMAC-SHA256 of `{X-Service-Timestamp}.{raw body}`, keyed with the endpoint's `whsec_…` secret (the watch signing secret for a watch's webhook_url).",
    schema: { type: "string" as const, pattern: "^[0-9a-f]{64}$" },
  },
  {
    in: "header" as const,
    name: "X-Service-Timestamp",
    required: true,
    description:
      "Unix seconds when this attempt was signed; reject stale values (e.g. older than 5 minutes) to stop replays.",
    schema: { type: "string" as const, pattern: "^[0-9]+$" },
  },
  {
    in: "header" as const,
    name: "X-Service-Signatures",
    required: false,
    description:
      "During a secret rotation's grace period: `v1=<hex with the new secret>,v1=<hex with the old secret>`; accept the delivery if either matches.",
    schema: { type: "string" as const },
  },
  {
    in: "header" as const,
    name: "X-Service-Event-Id",
    required: true,
    description: "The event id (same as the body's id): deduplicate on it, retries and redeliveries repeat it.",
    schema: { type: "string" as const, format: "uuid" },
  },
];

function eventName(type: WebhookEventType): string {
  return type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
}

/** `webhooks` for the document: what our deliveries POST to a receiver. */
export function webhookDocs() {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhookEvents.${eventName(type).replace(/^./, (c) => c.toLowerCase())}`,
          summary: type,
          description: `${EVENT_DESCRIPTIONS[type]} Delivered as a signed POST to each subscribed endpoint (and to a watch's webhook_url for watch events); retried with backoff until a 2xx. Signed twice: Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature: verify with standardwebhooks or svix) and the X-Service-* headers.`,
          tags: ["Webhook events"],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: z
                  .object({ id: z.string().uuid(), type: z.literal(type), created_at: iso, data: DATA[type] })
                  .meta({ id: `${eventName(type)}Event` }),
              },
            },
          },
          responses: {
            "200": { description: "Any 2xx acknowledges the delivery; other statuses and timeouts are retried." },
          },
        },
      },
    ]),
  );
}
