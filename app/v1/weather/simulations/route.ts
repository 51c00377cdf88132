import { defineRoute } from "@/lib/http/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { createSimulation } from "@/lib/weather/create-simulation";

export const POST = defineRoute(weatherContracts.simulations, async ({ body, principal }) => ({
  status: 201,
  data: await createSimulation(principal.account, body),
}));
