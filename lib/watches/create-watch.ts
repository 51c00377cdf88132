import { watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import type { AccountInfo } from "@/lib/http/types";
import { assertActiveWatchCapacity } from "@/lib/billing/active-watches";
import { mergeChangeRules } from "./change-rules";
import { assertWebhookUrlAllowed, defaultOutdoor } from "./webhook-url";
import type { CreateWatchInput } from "./schemas";
import { serializeWatchCreated } from "./serialize";
import { validateTargetRef, validateWebhookUrlSyntax, validateWindow } from "./validate-watch-input";

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
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  validateWindow(startsAt, endsAt, now);
  const targetRef = validateTargetRef(input);
  const url = validateWebhookUrlSyntax(input.webhook_url);
  await assertWebhookUrlAllowed(url.toString());

  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await assertActiveWatchCapacity(tx, owner.account, { isInternal: owner.isInternal });
    const [w] = await tx
      .insert(watches)
      .values({
        accountId: owner.accountId,
        status: "active",
        targetType: input.target_type,
        targetRef,
        latitude: input.latitude,
        longitude: input.longitude,
        placeType: input.place_type,
        activityType: input.activity_type,
        transportMode: input.transport_mode ?? null,
        outdoor: input.outdoor ?? defaultOutdoor(input.activity_type, input.transport_mode),
        startsAt,
        endsAt,
        webhookUrl: url.toString(),
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
