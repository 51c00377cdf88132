import { defineRoute } from "@/lib/registry/route";
import { searchPlaces } from "@/lib/geo/search-places";
import { placeContracts } from "@/lib/trips/place-contracts";

export const GET = defineRoute(placeContracts.searchPlaces, async ({ query }) => ({
  data: { places: await searchPlaces(query.q, query.limit) },
}));
