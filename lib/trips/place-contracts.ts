import { z } from "zod";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { areaContract } from "@/lib/http/contract";

const contract = areaContract({ tags: ["Itinerary events"], family: "api", auth: sessionOrApiKey("read") });

export const PlaceSearchQuery = z.object({
  q: z
    .string({ error: "q is required: the start of a place name" })
    .trim()
    .min(2, "q needs at least 2 characters")
    .max(100)
    .meta({ description: "The start of a place name, in any case and with or without accents (sin, Sintra, zurich)" }),
  limit: z.coerce.number().int().min(1).max(25).default(10),
});

const FoundPlace = z
  .object({
    name: z.string(),
    label: z.string().meta({ description: "Name and country, e.g. Sintra, Portugal" }),
    country_code: z.string().meta({ description: "ISO 3166-1 alpha-2" }),
    lat: z.number(),
    lng: z.number(),
    population: z.number().int(),
    time_zone: z.string().meta({ description: "IANA zone at the place" }),
  })
  .meta({ id: "FoundPlace" });

export const placeContracts = {
  searchPlaces: contract({
    operationId: "places.search",
    examples: { query: { q: "sintra" } },
    method: "GET",
    path: "/v1/places",
    summary: "Search places by name",
    description:
      "Prefix search over the gazetteer trip events are resolved with (GeoNames cities of 1,000+ inhabitants and common local names, offline): exact names first, then the most populous. Scope read. Bills nothing.",
    query: PlaceSearchQuery,
    responses: {
      200: {
        description: "Matching places",
        schema: z.object({ places: z.array(FoundPlace) }).meta({ id: "PlaceSearch" }),
      },
    },
  }),
};
