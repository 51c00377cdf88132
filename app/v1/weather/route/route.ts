import { defineRoute } from "@/lib/registry/route";
import { analyseRoute } from "@/lib/weather/analyse-route";
import { weatherContracts } from "@/lib/weather/contracts";

export const POST = defineRoute(weatherContracts.route, async ({ body, principal }) =>
  analyseRoute(body, principal.account.environment),
);
