import { watches } from "@/drizzle/schema";
import { assertActiveWatchCapacity } from "@/lib/billing/active-watches";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { assertWatchEndpoint } from "@/lib/webhooks/watch-endpoint";
import { mergeChangeRules } from "./change-rules";
import type { CreateWatchInput } from "./schemas";
import { serializeWatchCreated } from "./serialize";
import { validateWebhookUrlSyntax } from "./validate-watch-input";
import { assertWebhookUrlAllowed } from "./webhook-url";

export interface WatchOwner {
  accountId: string;
  account: AccountInfo;
  /** Internal keys are never capped (spec: they bypass limits but are metered). */
  isInternal?: boolean;
}

/** Exactly one of webhook_url (checked here) and webhook_id (checked in the transaction); the URL or null. */
export async function deliveryTarget(input: CreateWatchInput): Promise<string | null> {
  if ((input.webhook_url === undefined) === (input.webhook_id === undefined)) {
    throw new ApiError(
      "bad_request",
      "Give exactly one of webhook_url (a URL) and webhook_id (a registered webhook endpoint).",
      {
        details: { location: "body", field: input.webhook_url === undefined ? "webhook_url" : "webhook_id" },
      },
    );
  }
  if (input.webhook_url === undefined) return null;
  const url = validateWebhookUrlSyntax(input.webhook_url);
  await assertWebhookUrlAllowed(url.toString());
  return url.toString();
}

/** What differs between target types; the rest of the row comes from the input and the clock. */
type TargetValues = Pick<
  typeof watches.$inferInsert,
  | "targetType"
  | "targetRef"
  | "latitude"
  | "longitude"
  | "placeType"
  | "activityType"
  | "outdoor"
  | "startsAt"
  | "endsAt"
  | "tripId"
  | "tripState"
>;

/**
 * The insert every watch type shares: the endpoint check, then the active_watches quota check and the
 * insert in one transaction, so concurrent creations cannot pass the cap. The first refresh is due now.
 */
export async function insertWatch(
  owner: WatchOwner,
  input: CreateWatchInput,
  webhookUrl: string | null,
  target: TargetValues,
  now: Date,
) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    if (input.webhook_id) await assertWatchEndpoint(tx, owner.accountId, input.webhook_id);
    await assertActiveWatchCapacity(tx, owner.account, { isInternal: owner.isInternal });
    const [w] = await tx
      .insert(watches)
      .values({
        ...target,
        accountId: owner.accountId,
        status: "active",
        transportMode: input.transport_mode ?? null,
        webhookUrl,
        webhookEndpointId: input.webhook_id ?? null,
        changeRules: mergeChangeRules(input.change_rules),
        nextCheckAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return w;
  });
  return serializeWatchCreated(row);
}
