import { defineRoute } from "@/lib/registry/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { getForecast } from "@/lib/weather/get-forecast";

export const GET = defineRoute(weatherContracts.forecast, async ({ query, principal }) =>
  getForecast(query, principal.account.environment),
);
