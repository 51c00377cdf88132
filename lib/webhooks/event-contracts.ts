import { z } from "zod";
import { areaContract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { AttemptFiltersQuery } from "./attempt-log";
import { AttemptDetailSchema } from "./attempt-schemas";
import { AttemptSchema } from "./contracts";
import { EVENT_DELIVERY_STATES, EventIdParams, ListEventsQuery } from "./event-log";

const auth = sessionOrApiKey("weather:webhooks");
const watchAuth = sessionOrApiKey("weather:watch");

const WatchIdParams = z.object({ watch_id: z.uuid() });
const WatchRedeliverParams = z.object({ watch_id: z.uuid(), event_id: z.uuid() });

const EventSummarySchema = z
  .object({
    event_id: z.uuid(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    created_at: z.string(),
    watch_id: z.uuid().nullable(),
    test: z.boolean().meta({ description: "A test event sent from an endpoint's 'Send test event'" }),
    delivery_state: z.enum(EVENT_DELIVERY_STATES).meta({
      description:
        "no_targets: nothing subscribed; pending: a chain is still running; delivered: every target got it; failed: a target's chain gave up and no later redelivery to it succeeded",
    }),
    targets: z.number().int().meta({ description: "Distinct target URLs the event was sent to" }),
  })
  .meta({ id: "WebhookEventSummary" });

const DeliverySummarySchema = z
  .object({
    delivery_id: z.uuid(),
    target: z.enum(["webhook_endpoint", "watch_webhook_url"]),
    kind: z
      .enum(["endpoint", "watch", "manual", "test"])
      .meta({ description: "manual: a redelivery; test: a test event" }),
    webhook_id: z.uuid().nullable(),
    watch_id: z.uuid().nullable(),
    url: z.string(),
    status: z.enum(["pending", "delivered", "giving_up", "cancelled"]),
    attempts_made: z.number().int(),
    max_attempts: z.number().int(),
    next_attempt_at: z.string().nullable().meta({ description: "When the next retry is due (pending chains only)" }),
    created_at: z.string(),
    last_attempt: z
      .object({
        attempt_id: z.uuid(),
        response_status: z.number().int(),
        error_message: z.string().nullable(),
        attempted_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "WebhookDeliverySummary" });

const EventDetailSchema = EventSummarySchema.omit({ delivery_state: true, targets: true })
  .extend({
    payload: z.string().meta({ description: "The exact JSON body every delivery of this event signs and sends" }),
    data: z.record(z.string(), z.unknown()),
    deliveries: z.array(DeliverySummarySchema),
  })
  .meta({ id: "WebhookEventDetail" });

const WatchRedeliverySchema = z
  .object({
    event_id: z.uuid(),
    delivery_id: z.uuid(),
    watch_id: z.uuid(),
    attempt_id: z
      .uuid()
      .nullable()
      .meta({ description: "The new attempt (null only if another worker made it first)" }),
    attempt: AttemptSchema.nullable(),
  })
  .meta({ id: "WatchRedelivery" });

const contract = areaContract({ tags: ["Webhooks"], family: "weather", auth });

export const eventContracts = {
  listEvents: contract({
    operationId: "events.list",
    examples: { query: { type: "weather.change_detected", limit: 20 } },
    method: "GET",
    path: "/v1/events",
    summary: "List events",
    description:
      "Every event of the account (watch events, delivery failures, endpoint disabled, quota alerts, test events), newest first, stored once whatever its targets. Filters: type, status (delivery state), since, watch_id (the events one watch raised, whatever their type); keyset-paginated (pass next_cursor as cursor). Bills 0 units.",
    query: ListEventsQuery,
    meter: weatherMeter({ endpoint: "events.list", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "A page of events",
        schema: z.object({
          events: z.array(EventSummarySchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
  getEvent: contract({
    operationId: "events.get",
    examples: { params: { event_id: "9d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60" } },
    method: "GET",
    path: "/v1/events/{event_id}",
    summary: "Get an event",
    description:
      "The exact signed payload and one summary per delivery chain (status, attempts, last response, next retry). Bills 0 units.",
    params: EventIdParams,
    meter: weatherMeter({ endpoint: "events.get", charge: 0, sessionReadsFree: true }),
    responses: { 200: { description: "The event", schema: EventDetailSchema } },
  }),
  listWatchAttempts: contract({
    operationId: "watches.listAttempts",
    examples: {
      params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90" },
      query: { status: "delivered", limit: 20 },
    },
    method: "GET",
    path: "/v1/weather/watch/{watch_id}/attempts",
    summary: "List a watch's delivery attempts",
    description:
      "Attempts of deliveries to the watch's own webhook_url (and their redeliveries), same shape and filters as the webhook endpoint attempts. Bills 0 units.",
    tags: ["Watches"],
    auth: watchAuth,
    params: WatchIdParams,
    query: AttemptFiltersQuery,
    meter: weatherMeter({ endpoint: "weather.watch.attempts", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "Attempts",
        schema: z.object({
          watch_id: z.uuid(),
          attempts: z.array(AttemptDetailSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
  redeliverWatchEvent: contract({
    operationId: "watches.redeliverEvent",
    examples: {
      params: { watch_id: "5b0c6f1e-8d2a-4c3b-9e71-2f4a6d8c1b90", event_id: "9d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60" },
    },
    method: "POST",
    path: "/v1/weather/watch/{watch_id}/events/{event_id}/redeliver",
    summary: "Redeliver a watch event to its webhook_url",
    description:
      "Sends one of the watch's events (same id, fresh timestamp and signature with the watch signing secret) to the watch's webhook_url as one immediate attempt. 202 with the new attempt's id. Bills 0 units.",
    tags: ["Watches"],
    auth: watchAuth,
    params: WatchRedeliverParams,
    meter: weatherMeter({ endpoint: "weather.watch.redeliver", charge: 0 }),
    responses: { 202: { description: "The redelivery and its new attempt", schema: WatchRedeliverySchema } },
  }),
};
