import { defineRoute } from "@/lib/registry/route";
import { visaContracts } from "@/lib/visa/contracts";
import { listRulesForDestination } from "@/lib/visa/list-rules";

export const GET = defineRoute(visaContracts.rules, async ({ query }) => ({
  data: await listRulesForDestination(query.destinationCountryCode, query.purpose),
}));
