import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { ifNoneMatchHits, itineraryEtag } from "@/lib/trips/events/itinerary-etag";
import { readItineraryJson } from "@/lib/trips/events/read-itinerary";

export const GET = defineRoute(tripContracts.itinerary, async ({ req, principal, params }) => {
  const { itinerary: it, json } = await readItineraryJson(params.tripId, principal.userId);
  const etag = itineraryEtag(it.trip_id, it.revision);
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (ifNoneMatchHits(req.headers.get("if-none-match"), etag)) return { status: 304, headers };
  return { data: json, headers };
});
