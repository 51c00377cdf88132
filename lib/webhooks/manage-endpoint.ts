import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { webhookEndpoints } from "@/drizzle/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { CreateWebhookInput, createEndpoint, ownedEndpoint, RateLimitPerSecond, WebhookUrl } from "./endpoints";
import { presentEndpoint } from "./present";
import { newSigningSecret } from "./signing";
import { urlProblem } from "./ssrf";

export const UpdateWebhookInput = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: CreateWebhookInput.shape.events.optional(),
    description: z.string().max(500, "must be at most 500 characters").optional(),
    rate_limit_per_second: RateLimitPerSecond.optional(),
  })
  .refine(
    (b) =>
      b.url !== undefined ||
      b.events !== undefined ||
      b.description !== undefined ||
      b.rate_limit_per_second !== undefined,
    "give at least one of url, events, description, rate_limit_per_second",
  )
  // The same rule in the document: the object is closed to these three keys, so "at least one" is minProperties.
  .meta({ override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => void (jsonSchema.minProperties = 1) });
export type UpdateWebhookInput = z.output<typeof UpdateWebhookInput>;

export const MAX_GRACE_HOURS = 168;
export const DEFAULT_GRACE_HOURS = 24;
export const RotateSecretInput = z.strictObject({
  grace_period_hours: z
    .number({ message: "must be a number of hours" })
    .int("must be a whole number of hours")
    .min(0, "must be at least 0")
    .max(MAX_GRACE_HOURS, `must be at most ${MAX_GRACE_HOURS}`)
    .default(DEFAULT_GRACE_HOURS),
});

function assertActive(e: { id: string; status: string }) {
  if (e.status !== "active") {
    throw new ApiError("conflict", "This webhook endpoint is disabled; clone it into a new endpoint instead.", {
      details: { webhook_id: e.id, status: e.status },
    });
  }
}

/** PATCH: url (same validation and SSRF rules as creation), events, description. Disabled endpoints stay as they are (409). */
export async function updateEndpoint(accountId: string, webhookId: string, input: UpdateWebhookInput) {
  assertActive(await ownedEndpoint(accountId, webhookId));
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.rate_limit_per_second !== undefined && { rateLimitPerSecond: input.rate_limit_per_second }),
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events && { events: input.events }),
      ...(input.description !== undefined && { description: input.description }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(webhookEndpoints.id, webhookId),
        eq(webhookEndpoints.accountId, accountId),
        eq(webhookEndpoints.status, "active"),
      ),
    )
    .returning();
  if (!row) assertActive({ id: webhookId, status: "disabled" }); // disabled in between
  return presentEndpoint(row);
}

/** Reveals the current secret; a separate call, recorded in the audit log (webhook_secret.revealed). */
export async function revealSecret(accountId: string, webhookId: string) {
  const e = await ownedEndpoint(accountId, webhookId);
  return {
    webhook_id: e.id,
    secret: decryptSecret(e.secretEncrypted),
    secret_prefix: e.secretPrefix,
    previous_secret_expires_at: graceEnd(e.previousSecretExpiresAt),
  };
}

function graceEnd(d: Date | null): string | null {
  return d && d > new Date() ? d.toISOString() : null;
}

/**
 * Rotation with a grace period: the new secret signs from now on, and the old
 * one keeps signing too (a second `v1=` in X-Service-Signatures) until the
 * grace period ends, so receivers can switch without losing deliveries.
 * Rotating again during a grace period drops the oldest secret.
 */
export async function rotateSecret(accountId: string, webhookId: string, graceHours: number) {
  const e = await ownedEndpoint(accountId, webhookId);
  assertActive(e);
  const { secret, prefix } = newSigningSecret();
  const expires = graceHours > 0 ? new Date(Date.now() + graceHours * 3600_000) : null;
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: encryptSecret(secret),
      secretPrefix: prefix,
      previousSecretEncrypted: expires ? e.secretEncrypted : null,
      previousSecretExpiresAt: expires,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.accountId, accountId)))
    .returning();
  return {
    webhook_id: row.id,
    secret,
    secret_prefix: prefix,
    previous_secret_expires_at: expires?.toISOString() ?? null,
  };
}

/** One-click replacement of an endpoint (typically a disabled one): same url, events and description, a new secret. */
export async function cloneEndpoint(accountId: string, webhookId: string) {
  const e = await ownedEndpoint(accountId, webhookId);
  const problem = urlProblem(e.url);
  if (problem)
    throw new ApiError("bad_request", `This endpoint's url ${problem}; create a new endpoint with another url.`, {
      details: { field: "url" },
    });
  return createEndpoint(
    accountId,
    {
      url: e.url,
      events: e.events as CreateWebhookInput["events"],
      description: e.description,
      rate_limit_per_second: e.rateLimitPerSecond,
    },
    // Its lineage: a recover on the clone re-sends what failed on this endpoint (recover-failed.ts).
    { clonedFrom: e.id },
  );
}
