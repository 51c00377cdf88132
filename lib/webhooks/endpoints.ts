import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { webhookEndpoints } from "@/drizzle/schema";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { getDb } from "@/lib/db/client";
import { encryptSecret } from "@/lib/crypto/encryption";
import { notFound } from "@/lib/http/errors";
import { presentEndpoint } from "./present";
import { listAttemptLog, type AttemptFilters } from "./attempt-log";
import { newSigningSecret } from "./signing";
import { urlProblem } from "./ssrf";

export const WebhookUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .meta({
    format: "uri",
    pattern: "^https://",
    description: "Public HTTPS URL (internal and non-HTTPS addresses are refused)",
  })
  .superRefine((url, ctx) => {
    const problem = urlProblem(url);
    // No field name in the words (issue 42 item 8): the form shows them under the URL field.
    if (problem) ctx.addIssue({ code: "custom", message: `must be a public address: it ${problem}` });
  });

/** Issue 29: deliveries per second to the endpoint across all instances; null = unlimited. */
export const RateLimitPerSecond = z
  .number({ message: "must be a whole number of deliveries per second, or null" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(1000, "must be at most 1000")
  .nullable()
  .meta({
    description:
      "Deliveries per second to this endpoint, paced across all instances (queued, never dropped); null = unlimited",
  });

export const CreateWebhookInput = z.strictObject({
  url: WebhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
    .min(1, "must list at least one event type")
    .refine((a) => new Set(a).size === a.length, "must not repeat an event type")
    .meta({ uniqueItems: true }),
  description: z.string().max(500, "must be at most 500 characters").default(""),
  rate_limit_per_second: RateLimitPerSecond.default(null),
});
export type CreateWebhookInput = z.output<typeof CreateWebhookInput>;

/** Registers an endpoint; the secret is in this result only (stored encrypted). */
export async function createEndpoint(
  accountId: string,
  input: z.input<typeof CreateWebhookInput>,
  opts: { clonedFrom?: string } = {},
) {
  const db = await getDb();
  const { secret, prefix } = newSigningSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      accountId,
      url: input.url,
      events: input.events,
      description: input.description ?? "",
      rateLimitPerSecond: input.rate_limit_per_second ?? null,
      secretEncrypted: encryptSecret(secret),
      secretPrefix: prefix,
      clonedFrom: opts.clonedFrom ?? null,
    })
    .returning();
  return { ...presentEndpoint(row), secret };
}

export async function listEndpoints(accountId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(presentEndpoint);
}

/** The endpoint row if the account owns it; 404 otherwise (ids never leak across accounts). */
export async function ownedEndpoint(accountId: string, webhookId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Webhook endpoint");
  return row;
}

export async function getEndpoint(accountId: string, webhookId: string) {
  return presentEndpoint(await ownedEndpoint(accountId, webhookId));
}

/**
 * Disables the endpoint (DELETE): the row and its attempts stay queryable; a
 * disabled endpoint is never re-enabled. Idempotent. Chains still pending are
 * cancelled when next claimed.
 */
export async function disableEndpoint(accountId: string, webhookId: string) {
  await ownedEndpoint(accountId, webhookId);
  const db = await getDb();
  await db
    .update(webhookEndpoints)
    .set({ status: "disabled", disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.status, "active")));
  const row = await ownedEndpoint(accountId, webhookId);
  return { webhook_id: row.id, status: "disabled" as const, disabled_at: row.disabledAt!.toISOString() };
}

/** The endpoint's attempts, filtered and paginated (see attempt-log.ts). */
export async function listAttempts(accountId: string, webhookId: string, filters: AttemptFilters) {
  await ownedEndpoint(accountId, webhookId);
  return { webhook_id: webhookId, ...(await listAttemptLog(accountId, { endpointId: webhookId }, filters)) };
}
