import { createTripWatch } from "./create-trip-watch";
import { deliveryTarget, insertWatch, type WatchOwner } from "./insert-watch";
import type { CreateWatchInput } from "./schemas";
import { requirePlacedFields, validateTargetRef, validateWindow } from "./validate-watch-input";
import { defaultOutdoor } from "./webhook-url";

export type { WatchOwner } from "./insert-watch";

/**
 * Creates an active watch. Validation first (400 bills nothing), then the shared insert
 * (`insertWatch`: quota check and insert in one transaction). The first refresh is due immediately.
 */
export async function createWatch(owner: WatchOwner, input: CreateWatchInput, now = new Date()) {
  if (input.target_type === "trip") return createTripWatch(owner, input, now);
  const placed = requirePlacedFields(input);
  const { startsAt, endsAt } = placed;
  validateWindow(startsAt, endsAt, now);
  const targetRef = validateTargetRef(input);
  const url = await deliveryTarget(input);
  return insertWatch(
    owner,
    input,
    url,
    {
      targetType: input.target_type,
      targetRef,
      latitude: placed.latitude,
      longitude: placed.longitude,
      placeType: input.place_type ?? "point",
      activityType: placed.activityType,
      outdoor: input.outdoor ?? defaultOutdoor(placed.activityType, input.transport_mode),
      startsAt,
      endsAt,
    },
    now,
  );
}
