import { accessToken } from "@/lib/auth/strategies";
import { areaContract } from "@/lib/http/route";
import { TripIdParam } from "@/lib/trips/contracts";
import { TripWeatherQuery, TripWeatherSchema } from "./trip-weather-schemas";
import { tripWeatherMeter } from "./meter-trip-weather";

const contract = areaContract({ auth: accessToken(), tags: ["Trips"], family: "api" });

export const tripWeatherContracts = {
  tripWeather: contract({
    operationId: "trips.getWeather",
    examples: { params: { tripId: 1042 }, query: { units: "metric", language: "en" } },
    method: "GET",
    path: "/v1/trips/{tripId}/weather",
    summary: "Weather and risk for every event of a trip",
    description:
      "Any trip member. For each event: its activity profile (its activityType, else derived from type and title), the forecast for its own " +
      "window and place (flights: the departure hour at the departure airport and the arrival hour at the arrival airport, each in its own zone; " +
      "a stay: its check-in hour) and its risk from the timeline's engine; per local day of the trip: min/max, precipitation, condition, the day's " +
      "overall risk and main issue, and the best outdoor window. Events beyond the forecast horizon say so (forecast_available false, " +
      "forecast_available_from). Answered from the snapshot cache; each weather cell is fetched at most once per call, however many events share it. " +
      "Billing: 2 units and 1 timeline item per event that has a place, on the caller's account (like POST /v1/weather/timeline); the portal's " +
      "session reads are free. Sandbox accounts see their simulated weather. 404 for non-members.",
    params: TripIdParam,
    query: TripWeatherQuery,
    meter: tripWeatherMeter(),
    headers: {
      "X-Cache-Status": { description: "HIT, MISS, STALE, or MIXED over the cells used", statuses: [200] },
      "Content-Language": {
        description:
          "The language of the answer's texts (the `language` parameter negotiated: exact tag, then base language, then en)",
        statuses: [200],
      },
    },
    responses: { 200: { description: "Trip weather", schema: TripWeatherSchema } },
  }),
};
