import { defineRoute } from "@/lib/registry/route";
import { weatherContracts } from "@/lib/weather/contracts";
import { fireWatches } from "@/lib/watches/fire-watches";

export const POST = defineRoute(weatherContracts.fireWatches, async ({ principal }) => ({
  data: await fireWatches(principal.account),
}));
