import { z } from "zod";
import { areaContract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { EndpointSchema, WebhookIdParams } from "./contracts";
import { DEFAULT_GRACE_HOURS, MAX_GRACE_HOURS, RotateSecretInput, UpdateWebhookInput } from "./manage-endpoint";

const contract = areaContract({ auth: sessionOrApiKey("weather:webhooks"), tags: ["Webhooks"], family: "weather" });

const SecretSchema = z
  .object({
    webhook_id: z.uuid(),
    secret: z.string(),
    secret_prefix: z.string(),
    previous_secret_expires_at: z.string().nullable().meta({
      description: "End of the rotation grace period during which the previous secret still signs (null: none)",
    }),
  })
  .meta({ id: "WebhookEndpointSecret" });

const disabled = { 409: { description: "The endpoint is disabled (clone it instead)" } };

export const manageContracts = {
  updateWebhook: contract({
    operationId: "webhooks.update",
    examples: {
      params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" },
      body: {
        description: "Lisbon operations team (on-call rota)",
        events: ["weather.change_detected", "weather.severe_alert_added", "weather.watch_expired"],
      },
    },
    method: "PATCH",
    path: "/v1/webhooks/{webhook_id}",
    audit: {
      action: "webhook_endpoint.updated",
      target: ({ params }) => `webhook_endpoint:${params.webhook_id}`,
      summary: ({ body }) => ({
        changed: Object.keys(body),
        url: body.url,
        events: body.events,
        description: body.description,
        rate_limit_per_second: body.rate_limit_per_second,
      }),
    },
    summary: "Update a webhook endpoint",
    description:
      "Changes url (same https-only and SSRF rules as creation), events and/or description; at least one. The secret is unchanged. 409 for a disabled endpoint. Bills 1 unit.",
    params: WebhookIdParams,
    body: UpdateWebhookInput.meta({ id: "UpdateWebhookEndpoint" }),
    meter: weatherMeter({ endpoint: "webhooks.update", charge: 1 }),
    responses: { 200: { description: "The endpoint", schema: EndpointSchema }, ...disabled },
  }),
  revealSecret: contract({
    operationId: "webhooks.revealSecret",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" } },
    secret: true,
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/secret/reveal",
    audit: { action: "webhook_secret.revealed", target: ({ params }) => `webhook_endpoint:${params.webhook_id}` },
    summary: "Reveal an endpoint's signing secret",
    description:
      "Returns the current secret. Each call is recorded in the account's audit trail (who, when, request id). Cache-Control: no-store. Bills 0 units.",
    params: WebhookIdParams,
    meter: weatherMeter({ endpoint: "webhooks.secret_reveal", charge: 0 }),
    responses: { 200: { description: "The secret", schema: SecretSchema } },
  }),
  rotateSecret: contract({
    operationId: "webhooks.rotateSecret",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" }, body: { grace_period_hours: 24 } },
    secret: true,
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/secret/rotate",
    audit: {
      action: "webhook_secret.rotated",
      target: ({ params }) => `webhook_endpoint:${params.webhook_id}`,
      summary: ({ body, data }) => ({
        grace_period_hours: body?.grace_period_hours ?? null,
        previous_secret_expires_at: data.previous_secret_expires_at,
      }),
    },
    summary: "Rotate an endpoint's signing secret",
    description: `Issues a new secret at once. During grace_period_hours (default ${DEFAULT_GRACE_HOURS}, at most ${MAX_GRACE_HOURS}; 0 ends the old secret now) every delivery carries both signatures in X-Service-Signatures (v1=<new>,v1=<old>) and X-Service-Signature stays signed with the old secret, so receivers switch without losing deliveries. Audited; Cache-Control: no-store. 409 for a disabled endpoint. Bills 0 units.`,
    params: WebhookIdParams,
    body: RotateSecretInput,
    bodyOptional: true,
    meter: weatherMeter({ endpoint: "webhooks.secret_rotate", charge: 0 }),
    responses: { 200: { description: "The new secret", schema: SecretSchema }, ...disabled },
  }),
  cloneWebhook: contract({
    operationId: "webhooks.clone",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" } },
    secret: true,
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/clone",
    audit: {
      action: "webhook_endpoint.cloned",
      target: ({ data }) => `webhook_endpoint:${data.webhook_id}`,
      summary: ({ params }) => ({ cloned_from: params.webhook_id }),
    },
    summary: "Clone a webhook endpoint",
    description:
      "Creates a new active endpoint with the same url, events and description and a new secret (returned only here), e.g. to replace a disabled one. Bills 1 unit.",
    params: WebhookIdParams,
    meter: weatherMeter({ endpoint: "webhooks.clone", charge: 1 }),
    responses: {
      201: { description: "The new endpoint, with its secret", schema: EndpointSchema.extend({ secret: z.string() }) },
    },
  }),
  deleteWebhook: contract({
    operationId: "webhooks.delete",
    examples: { params: { webhook_id: "c2f7a9d4-1e3b-4f6a-8b5c-7d9e0a1b2c3d" } },
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/purge",
    summary: "Delete a disabled webhook endpoint",
    description:
      "Deletes a disabled endpoint for good, with its deliveries and attempts; it then answers 404. An active endpoint is 409: disable it first (DELETE /v1/webhooks/{webhook_id}). Bills 0 units.",
    params: WebhookIdParams,
    meter: weatherMeter({ endpoint: "webhooks.delete", charge: 0 }),
    audit: { action: "webhook_endpoint.deleted", target: ({ params }) => `webhook_endpoint:${params.webhook_id}` },
    responses: {
      200: { description: "Deleted", schema: z.object({ webhook_id: z.uuid(), deleted: z.literal(true) }) },
      409: { description: "The endpoint is active (disable it first)" },
    },
  }),
};
