import { assertMayCreateTrips, visibleTrips } from "@/lib/auth/token-limits";
import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { createTrip, listTrips } from "@/lib/trips/manage-trips";

export const GET = defineRoute(tripContracts.listTrips, async ({ principal }) => ({
  data: { trips: visibleTrips(principal, await listTrips(principal.userId)) },
}));

export const POST = defineRoute(tripContracts.createTrip, async ({ principal, body }) => {
  assertMayCreateTrips(principal);
  return { status: 201, data: await createTrip(principal.userId, body) };
});
