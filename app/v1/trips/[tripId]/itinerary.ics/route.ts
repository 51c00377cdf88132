import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { itineraryToIcal } from "@/lib/trips/events/export-itinerary-ical";
import { getTrip } from "@/lib/trips/manage-trips";
import { readItinerary } from "@/lib/trips/events/read-itinerary";

export const GET = defineRoute(tripContracts.itineraryIcal, async ({ principal, params }) => {
  const trip = await getTrip(params.tripId, principal.userId);
  const it = await readItinerary(params.tripId, principal.userId);
  return new Response(itineraryToIcal(it, trip.name), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="trip-${it.trip_id}.ics"`,
      "Cache-Control": "private, no-cache",
    },
  });
});
