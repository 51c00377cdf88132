import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { ownedEndpoint } from "./endpoints";

/**
 * Deletes a disabled endpoint for good, with its deliveries and attempts (foreign keys cascade).
 * Only a disabled one: an active endpoint is disabled first (DELETE /v1/webhooks/{id}), so a
 * single call never both stops deliveries and throws away their history. The status is checked
 * again in the DELETE itself, so a concurrent change cannot slip past it.
 */
export async function deleteDisabledEndpoint(accountId: string, webhookId: string) {
  const row = await ownedEndpoint(accountId, webhookId);
  if (row.status !== "disabled")
    throw new ApiError(
      "conflict",
      "Only a disabled endpoint can be deleted: disable it first (DELETE /v1/webhooks/{webhook_id}).",
    );
  const db = await getDb();
  const gone = await db
    .delete(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, webhookId),
        eq(webhookEndpoints.accountId, accountId),
        eq(webhookEndpoints.status, "disabled"),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound("Webhook endpoint");
  return { webhook_id: webhookId, deleted: true as const };
}
