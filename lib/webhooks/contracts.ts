import { z } from "zod";
import { areaContract } from "@/lib/http/contract";
import { session, sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { ATTEMPT_STATUSES, DISABLED_REASONS } from "@/drizzle/schema";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { CreateWebhookInput } from "./endpoints";
import { SendTestEventInput } from "./manual-delivery";
import { RecoverInput } from "./recover-failed";
import { AttemptFiltersQuery } from "./attempt-log";
import { AttemptDetailSchema } from "./attempt-schemas";

const auth = sessionOrApiKey("weather:webhooks");

export const WebhookIdParams = z.object({ webhook_id: z.uuid() });
export const RedeliverParams = z.object({ webhook_id: z.uuid(), event_id: z.uuid() });
export const ListAttemptsQuery = AttemptFiltersQuery;

export const EndpointSchema = z
  .object({
    webhook_id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string(),
    status: z.enum(["active", "disabled"]),
    secret_prefix: z.string().meta({ description: "Public leading part of the secret, e.g. whsec_1a2b" }),
    failure_count: z.number().int().meta({
      description: "Consecutive failed attempts: those made after the latest successful attempt (by attempt time)",
    }),
    last_delivery_at: z.string().nullable(),
    last_success_at: z.string().nullable(),
    last_failure_at: z.string().nullable(),
    disabled_at: z.string().nullable(),
    disabled_reason: z.enum(DISABLED_REASONS).nullable(),
    rate_limit_per_second: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Deliveries per second, paced across all instances; null = unlimited" }),
    paused_until: z.string().nullable().meta({
      description: "The receiver answered 429 with Retry-After: nothing is sent before this (not counted as failures)",
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });

export const AttemptSchema = z
  .object({
    attempt_id: z.uuid(),
    event_id: z.uuid(),
    event_type: z.string(),
    attempt_number: z.number().int(),
    status: z.enum(ATTEMPT_STATUSES),
    response_status: z
      .number()
      .int()
      .meta({ description: "0 when no HTTP response arrived (network error, timeout, refused target)" }),
    response_time_ms: z.number().int(),
    response_body_excerpt: z.string().meta({ description: "At most the first 1 KB of the response body" }),
    error_message: z.string().nullable(),
    request_signature: z.string(),
    request_timestamp: z
      .number()
      .int()
      .meta({ description: "X-Service-Timestamp sent with the attempt (Unix seconds)" }),
    scheduled_at: z.string(),
    attempted_at: z.string(),
    completed_at: z.string(),
    next_retry_at: z.string().nullable(),
  })
  .meta({ id: "WebhookDeliveryAttempt" });

const ManualResultSchema = z
  .object({
    event_id: z.uuid(),
    delivery_id: z.uuid(),
    webhook_id: z.uuid(),
    attempt_id: z.uuid().nullable().meta({
      description:
        "The new attempt (null if another worker made it first, or the database failed after the event was stored: the runner then attempts it; see the attempts list)",
    }),
    attempt: AttemptSchema.nullable(),
  })
  .meta({ id: "WebhookManualDelivery" });

const SigningSecretSchema = z
  .object({
    secret: z.string().meta({ pattern: "^whsec_[0-9a-f]{32}$" }),
    secret_prefix: z.string(),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
  })
  .meta({ id: "WatchSigningSecret" });

const contract = areaContract({ tags: ["Webhooks"], family: "weather", auth });

export const webhookContracts = {
  createWebhook: contract({
    operationId: "webhooks.create",
    examples: {
      body: {
        url: "https://hooks.example.com/skycast/events",
        events: ["weather.change_detected", "weather.severe_alert_added"],
        description: "Production alerts for the Lisbon operations team",
      },
    },
    secret: true,
    method: "POST",
    path: "/v1/webhooks",
    audit: {
      action: "webhook_endpoint.created",
      target: ({ data }) => `webhook_endpoint:${data.webhook_id}`,
      summary: ({ body }) => ({ url: body.url, events: body.events, description: body.description }),
    },
    summary: "Create a webhook endpoint",
    description:
      "Registers an HTTPS endpoint for a non-empty subset of the event types. The signing secret (whsec_ + 32 hex) is returned only in this response; reads show secret_prefix. Internal and non-HTTPS URLs are refused. Bills 1 unit.",
    body: CreateWebhookInput.meta({ id: "CreateWebhookEndpoint" }),
    meter: weatherMeter({ endpoint: "webhooks.create", charge: 1 }),
    responses: {
      201: {
        description: "The endpoint, with its secret",
        schema: EndpointSchema.extend({
          secret: z.string().meta({ pattern: "^whsec_[0-9a-f]{32}$", description: "Signing secret; shown only here" }),
        }),
      },
    },
  }),
  listWebhooks: contract({
    operationId: "webhooks.list",
    examples: {},
    method: "GET",
    path: "/v1/webhooks",
    summary: "List webhook endpoints",
    description:
      "Every endpoint of the account, disabled ones included, newest first; never the secret. Bills 0 units.",
    meter: weatherMeter({ endpoint: "webhooks.list", charge: 0, sessionReadsFree: true }),
    responses: { 200: { description: "Endpoints", schema: z.object({ webhooks: z.array(EndpointSchema) }) } },
  }),
  getWebhook: contract({
    operationId: "webhooks.get",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" } },
    method: "GET",
    path: "/v1/webhooks/{webhook_id}",
    summary: "Get a webhook endpoint",
    description: "Bills 0 units. 404 when the endpoint belongs to another account.",
    params: WebhookIdParams,
    meter: weatherMeter({ endpoint: "webhooks.get", charge: 0, sessionReadsFree: true }),
    responses: { 200: { description: "The endpoint", schema: EndpointSchema } },
  }),
  disableWebhook: contract({
    operationId: "webhooks.disable",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" } },
    method: "DELETE",
    path: "/v1/webhooks/{webhook_id}",
    audit: { action: "webhook_endpoint.disabled", target: ({ params }) => `webhook_endpoint:${params.webhook_id}` },
    summary: "Disable a webhook endpoint",
    description:
      "Stops all dispatch to the endpoint. The record and its attempts stay queryable; a disabled endpoint is never re-enabled (create a new one). Idempotent. Bills 1 unit.",
    params: WebhookIdParams,
    meter: weatherMeter({ endpoint: "webhooks.disable", charge: 1 }),
    responses: {
      200: {
        description: "Disabled",
        schema: z.object({ webhook_id: z.uuid(), status: z.literal("disabled"), disabled_at: z.string() }),
      },
    },
  }),
  listAttempts: contract({
    operationId: "webhooks.listAttempts",
    examples: {
      params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" },
      query: { status: "delivered", limit: 20 },
    },
    method: "GET",
    path: "/v1/webhooks/{webhook_id}/attempts",
    summary: "List delivery attempts",
    description:
      "Most recent first, keyset-paginated (pass next_cursor as cursor). Filters: status (retrying is only the latest failed attempt of a chain still running; failed is a superseded failed attempt), event_id, since. Each attempt carries the request body exactly as sent, the request headers (signature shown; the secret is never sent), the response headers and a 1 KB body excerpt. limit: default 50, maximum 200. Bills 0 units.",
    params: WebhookIdParams,
    query: ListAttemptsQuery,
    meter: weatherMeter({ endpoint: "webhooks.attempts", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "Attempts",
        schema: z.object({
          webhook_id: z.uuid(),
          attempts: z.array(AttemptDetailSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
  sendTestEvent: contract({
    operationId: "webhooks.sendTest",
    examples: {
      params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" },
      body: { event_type: "weather.change_detected" },
    },
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/test",
    summary: "Send a test event",
    description:
      "Records an event of event_type (default: the endpoint's first subscribed type) whose data carries test: true and makes one signed attempt at once; the attempt is returned and listed with the others. No retries. 409 when the endpoint is disabled. Bills 0 units.",
    params: WebhookIdParams,
    body: SendTestEventInput,
    bodyOptional: true,
    meter: weatherMeter({ endpoint: "webhooks.test", charge: 0 }),
    responses: {
      201: { description: "The test delivery and its attempt", schema: ManualResultSchema },
      409: { description: "Endpoint disabled" },
    },
  }),
  redeliverEvent: contract({
    operationId: "webhooks.redeliver",
    examples: {
      params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d", event_id: "9d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60" },
    },
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/events/{event_id}/redeliver",
    summary: "Redeliver an event",
    description:
      "Sends an existing event (same id, fresh timestamp and signature) to the endpoint again as one immediate attempt, e.g. after a chain gave up; 202 with the new attempt's id (and the attempt). The endpoint must be active and subscribed to the event's type or have been sent the event before (409 otherwise). Bills 0 units.",
    params: RedeliverParams,
    meter: weatherMeter({ endpoint: "webhooks.redeliver", charge: 0 }),
    responses: {
      202: { description: "The redelivery and its new attempt", schema: ManualResultSchema },
      409: { description: "Endpoint disabled or not eligible" },
    },
  }),
  recoverFailed: contract({
    operationId: "webhooks.recover",
    examples: {
      params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" },
      body: { since: "2026-11-24T08:00:00Z", until: "2026-11-25T08:00:00Z" },
    },
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/recover",
    audit: {
      action: "webhook_endpoint.recovered",
      target: ({ params }) => `webhook_endpoint:${params.webhook_id}`,
      summary: ({ data }) => ({ since: data.since, until: data.until, count: data.count }),
    },
    summary: "Recover failed deliveries",
    description:
      "After an outage: re-enqueues to this endpoint every event whose delivery chain to it ended failed (gave up) in [since, until) (until defaults to now), each as one new chain with the full retry schedule and the same event id (webhook-id and X-Service-Event-Id unchanged; deduplicate on them). Events the endpoint has since received, and events with a chain to it still pending (a retry, or an earlier recovery in flight), are skipped, so repeating a recover while its chains are pending re-enqueues nothing twice. The window reaches back at most the plan's retention (free 7 days, paid 30): an earlier `since` is moved up to it (the answer's `since` is the one used). 400 when until is not after since, or since is in the future. 202 with the count. A disabled endpoint is never re-enabled: clone it (`POST /v1/webhooks/{webhook_id}/clone`); recover on the clone, or on the disabled endpoint once it has an active clone, re-sends into the clone what failed on the endpoints it was cloned from, including chains cut short by the disable (`webhook_id` is the receiving endpoint, `from_webhook_ids` the lineage searched). 409 when the endpoint is disabled and has no active clone. Bills 0 units.",
    params: WebhookIdParams,
    body: RecoverInput,
    meter: weatherMeter({ endpoint: "webhooks.recover", charge: 0 }),
    responses: {
      202: {
        description: "The events re-enqueued",
        schema: z
          .object({
            webhook_id: z.uuid().meta({ description: "The endpoint the events are re-sent to" }),
            from_webhook_ids: z.array(z.uuid()).meta({
              description:
                "Endpoints whose failed chains were searched: the receiving one, then those it was cloned from",
            }),
            since: z.string().meta({
              description:
                "The window's start used (the request's, or the retention's start when it reached further back)",
            }),
            until: z.string().meta({ description: "The window's end used (now when not given)" }),
            count: z.number().int().meta({ description: "Events re-enqueued as new delivery chains" }),
          })
          .meta({ id: "WebhookRecovery" }),
      },
      409: { description: "Endpoint disabled and not cloned yet" },
    },
  }),
  getWatchSigningSecret: contract({
    operationId: "watchSigningSecret.get",
    examples: {},
    secret: true,
    method: "GET",
    path: "/api/developer/watch-signing-secret",
    audit: { action: "watch_signing_secret.revealed", target: () => "watch_signing_secret" },
    summary: "Reveal the watch signing secret",
    description:
      "Portal (session) only. The secret that signs deliveries to watches' webhook_url; created on first use.",
    family: "api",
    auth: session(),
    responses: { 200: { description: "The secret", schema: SigningSecretSchema } },
  }),
  rotateWatchSigningSecret: contract({
    operationId: "watchSigningSecret.rotate",
    examples: {},
    secret: true,
    method: "POST",
    path: "/api/developer/watch-signing-secret/rotate",
    audit: { action: "watch_signing_secret.rotated", target: () => "watch_signing_secret" },
    summary: "Rotate the watch signing secret",
    description:
      "Portal (session) only. Replaces the secret at once: every later attempt, retries included, is signed with the new one.",
    family: "api",
    auth: session(),
    responses: { 200: { description: "The new secret", schema: SigningSecretSchema } },
  }),
};
