import { defineRoute } from "@/lib/registry/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { deleteSimulation } from "@/lib/weather/manage-simulations";

export const DELETE = defineRoute(weatherContracts.deleteSimulation, async ({ params, principal }) => ({
  data: await deleteSimulation(principal.account, params.simulation_id),
}));
