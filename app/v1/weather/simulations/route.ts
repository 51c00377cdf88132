import { defineRoute } from "@/lib/registry/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { createSimulation } from "@/lib/watches/create-simulation";
import { listSimulations } from "@/lib/weather/manage-simulations";

export const POST = defineRoute(weatherContracts.simulations, async ({ body, principal }) => ({
  status: 201,
  data: await createSimulation(principal.account, body),
}));

export const GET = defineRoute(weatherContracts.listSimulations, async ({ principal }) => ({
  data: await listSimulations(principal.account),
}));
