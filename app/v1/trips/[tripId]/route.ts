import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { getTrip, updateTrip } from "@/lib/trips/manage-trips";

export const GET = defineRoute(tripContracts.getTrip, async ({ principal, params }) => ({
  data: await getTrip(params.tripId, principal.userId),
}));

export const PATCH = defineRoute(tripContracts.updateTrip, async ({ principal, params, body }) => ({
  data: await updateTrip(params.tripId, principal.userId, body),
}));
