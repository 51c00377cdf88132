import { watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import type { AccountInfo } from "@/lib/http/types";
import { assertActiveWatchCapacity } from "@/lib/billing/active-watches";
import { mergeChangeRules } from "./change-rules";
import { assertWebhookUrlAllowed, defaultOutdoor } from "./webhook-url";
import type { CreateWatchInput } from "./schemas";
import { serializeWatchCreated } from "./serialize";
import { requirePlacedFields, validateTargetRef, validateWebhookUrlSyntax, validateWindow } from "./validate-watch-input";
import { createTripWatch } from "./create-trip-watch";
import { assertWatchEndpoint } from "@/lib/webhooks/watch-endpoint";
import { ApiError } from "@/lib/http/errors";

/** Exactly one of webhook_url (checked here) and webhook_id (checked in the transaction); the URL or null. */
export async function deliveryTarget(input: CreateWatchInput): Promise<string | null> {
  if ((input.webhook_url === undefined) === (input.webhook_id === undefined)) {
    throw new ApiError("bad_request", "Give exactly one of webhook_url (a URL) and webhook_id (a registered webhook endpoint).", {
      details: { location: "body", field: input.webhook_url === undefined ? "webhook_url" : "webhook_id" },
    });
  }
  if (input.webhook_url === undefined) return null;
  const url = validateWebhookUrlSyntax(input.webhook_url);
  await assertWebhookUrlAllowed(url.toString());
  return url.toString();
}

export interface WatchOwner {
  accountId: string;
  account: AccountInfo;
  /** Internal keys are never capped (spec: they bypass limits but are metered). */
  isInternal?: boolean;
}

/**
 * Creates an active watch. Validation first (400 bills nothing), then the
 * active_watches quota check and the insert in one transaction so concurrent
 * creations cannot pass the cap. The first refresh is due immediately.
 */
export async function createWatch(owner: WatchOwner, input: CreateWatchInput, now = new Date()) {
  if (input.target_type === "trip") return createTripWatch(owner, input, now);
  const placed = requirePlacedFields(input);
  const { startsAt, endsAt } = placed;
  validateWindow(startsAt, endsAt, now);
  const targetRef = validateTargetRef(input);
  const url = await deliveryTarget(input);

  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    if (input.webhook_id) await assertWatchEndpoint(tx, owner.accountId, input.webhook_id);
    await assertActiveWatchCapacity(tx, owner.account, { isInternal: owner.isInternal });
    const [w] = await tx
      .insert(watches)
      .values({
        accountId: owner.accountId,
        status: "active",
        targetType: input.target_type,
        targetRef,
        latitude: placed.latitude,
        longitude: placed.longitude,
        placeType: input.place_type ?? "point",
        activityType: placed.activityType,
        transportMode: input.transport_mode ?? null,
        outdoor: input.outdoor ?? defaultOutdoor(placed.activityType, input.transport_mode),
        startsAt,
        endsAt,
        webhookUrl: url,
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
