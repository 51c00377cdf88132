import { defineRoute } from "@/lib/registry/route";
import { visaKeyContracts } from "@/lib/visa/contracts";
import { createVisaKey, listVisaKeys } from "@/lib/visa/visa-keys";

export const GET = defineRoute(visaKeyContracts.list, async ({ principal }) => ({
  data: await listVisaKeys(principal.accountId),
}));

export const POST = defineRoute(visaKeyContracts.create, async ({ principal, body }) => ({
  status: 201,
  data: await createVisaKey({ accountId: principal.accountId, userId: principal.userId }, body),
}));
