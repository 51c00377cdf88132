import { and, eq } from "drizzle-orm";
import { WATCH_EVENT_TYPES, webhookEndpoints } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

const field = (message: string) =>
  new ApiError("bad_request", message, { details: { location: "body", field: "webhook_id" } });

/**
 * A watch's `webhook_id` (issue 29) must name an active endpoint of the account that subscribes
 * to at least one watch event type; otherwise the watch could never deliver anything. Another
 * account's endpoint reads as unknown (ids never leak across accounts).
 */
export async function assertWatchEndpoint(d: DbOrTx, accountId: string, endpointId: string): Promise<void> {
  const [e] = await d
    .select({ status: webhookEndpoints.status, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
    .limit(1);
  if (!e)
    throw field("Invalid webhook_id: no webhook endpoint of this account has this id (GET /v1/webhooks lists them).");
  if (e.status !== "active") {
    throw new ApiError(
      "conflict",
      "The webhook endpoint named by webhook_id is disabled; clone it (POST /v1/webhooks/{id}/clone) and use the new one.",
      {
        details: { field: "webhook_id", webhook_id: endpointId, status: e.status },
      },
    );
  }
  if (!e.events.some((t) => (WATCH_EVENT_TYPES as readonly string[]).includes(t))) {
    throw field(
      `Invalid webhook_id: the endpoint subscribes to none of the watch event types (${WATCH_EVENT_TYPES.join(", ")}); add one with PATCH /v1/webhooks/{id}.`,
    );
  }
}
