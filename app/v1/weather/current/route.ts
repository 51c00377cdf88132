import { defineRoute } from "@/lib/registry/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { getCurrentWeather } from "@/lib/weather/get-current";

export const GET = defineRoute(weatherContracts.current, async ({ query, principal }) =>
  getCurrentWeather(query, principal.account.environment),
);
