import type { Schemas } from "@/lib/client/api-client";

/** Shapes of /v1/events and the attempt logs: the types generated from the OpenAPI document. */
export type EventSummary = Schemas["WebhookEventSummary"];
export type DeliverySummary = Schemas["WebhookDeliverySummary"];
export type EventDetail = Schemas["WebhookEventDetail"];
export type AttemptDetail = Schemas["WebhookAttemptDetail"];

export const STATE_TONE = {
  no_targets: "neutral",
  pending: "warning",
  delivered: "success",
  failed: "danger",
} as const;
export const ATTEMPT_TONE = {
  delivered: "success",
  retrying: "warning",
  failed: "danger",
  giving_up: "danger",
} as const;
