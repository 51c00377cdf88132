import { defineRoute } from "@/lib/registry/route";
import { visaContracts } from "@/lib/visa/contracts";
import { checkVisa } from "@/lib/visa/check-visa";

export const POST = defineRoute(visaContracts.check, async ({ body }) => ({ data: await checkVisa(body) }));
