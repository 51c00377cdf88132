import { defineRoute } from "@/lib/http/route";
import { accountContracts } from "@/lib/accounts/contracts";
import { switchEnvironment } from "@/lib/accounts/switch-environment";

export const POST = defineRoute(accountContracts.switchEnvironment, async ({ body, principal }) => ({
  data: await switchEnvironment(principal.accountId, body.environment),
}));
