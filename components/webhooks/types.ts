import type { paths, Schemas } from "@/lib/client/api-client";

/** Shapes of the /v1/webhooks responses (weather envelope `data`): the types generated from the OpenAPI document. */
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type CreatedWebhookEndpoint =
  paths["/v1/webhooks"]["post"]["responses"][201]["content"]["application/json"]["data"];
/** A row of GET /v1/webhooks/{id}/attempts. */
export type DeliveryAttempt = Schemas["WebhookAttemptDetail"];
export type ManualDelivery = Schemas["WebhookManualDelivery"];

export interface Envelope<T> {
  data: T;
}

export const WEBHOOKS_QUERY = ["webhooks"] as const;
export const webhookQuery = (id: string) => ["webhooks", id] as const;
export const attemptsQuery = (id: string) => ["webhooks", id, "attempts"] as const;
