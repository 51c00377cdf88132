import { ApiError, notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/types";
import type { TripScope } from "./scopes";

/**
 * An access token's limits chosen at creation (issue 28). Sessions and unlimited tokens pass.
 * Kept apart from the trip rules: a member's role still decides what the user may do; these
 * only narrow what this one credential may do on the user's behalf.
 */
export function assertTripScope(principal: Principal, need: TripScope): void {
  if (principal.type !== "access_token" || principal.tripScopes.includes(need)) return;
  throw new ApiError(
    "insufficient_scope",
    `This access token lacks the ${need} scope; it holds ${principal.tripScopes.join(", ") || "none"}.`,
    {
      details: { required_scope: need, token_scopes: principal.tripScopes },
    },
  );
}

/** A token limited to some trips sees no other: the same 404 as a trip that does not exist. */
export function assertTripVisible(principal: Principal, tripId: number): void {
  if (principal.type !== "access_token" || principal.tripIds === null) return;
  if (!principal.tripIds.includes(tripId)) throw notFound("Trip");
}

/**
 * A token limited to some trips acts inside them only: creating a trip would hand it a trip outside
 * its list (and one it could never see again), so it is refused; unlimited tokens and sessions pass.
 */
export function assertMayCreateTrips(principal: Principal): void {
  if (principal.type !== "access_token" || principal.tripIds === null) return;
  throw new ApiError(
    "forbidden",
    "This access token is limited to certain trips and cannot create trips; use an unlimited token or the portal.",
    {
      details: { token_trip_ids: principal.tripIds },
    },
  );
}

/** The trips a credential may list: all of the user's, or those its token is limited to. */
export function visibleTrips<T extends { trip_id: number }>(principal: Principal, trips: T[]): T[] {
  if (principal.type !== "access_token" || principal.tripIds === null) return trips;
  const allowed = new Set(principal.tripIds);
  return trips.filter((t) => allowed.has(t.trip_id));
}
