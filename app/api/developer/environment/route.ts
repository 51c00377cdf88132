import { defineRoute } from "@/lib/registry/route";
import { accountContracts } from "@/lib/accounts/contracts";
import { switchEnvironment } from "@/lib/accounts/switch-environment";
import { assertVerifiedForProduction } from "@/lib/auth/require-verified";

export const POST = defineRoute(accountContracts.switchEnvironment, async ({ body, principal }) => {
  await assertVerifiedForProduction(principal.userId, principal.account, body.environment);
  return { data: await switchEnvironment(principal.accountId, body.environment) };
});
