import { defineRoute } from "@/lib/http/route";
import { tripContracts } from "@/lib/trips/contracts";
import { getTrip } from "@/lib/trips/manage-trips";

export const GET = defineRoute(tripContracts.getTrip, async ({ principal, params }) => ({
  data: await getTrip(params.tripId, principal.userId),
}));
