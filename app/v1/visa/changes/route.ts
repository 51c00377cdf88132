import { defineRoute } from "@/lib/registry/route";
import { visaContracts } from "@/lib/visa/contracts";
import { listVisaChanges } from "@/lib/visa/list-changes";

export const GET = defineRoute(visaContracts.changes, async ({ query }) => ({ data: await listVisaChanges(query) }));
