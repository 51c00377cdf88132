import { teamContracts } from "@/lib/accounts/team-contracts";
import { listMemberships } from "@/lib/accounts/members";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(teamContracts.listMemberships, async ({ principal }) => ({
  data: { current_account_id: principal.accountId, data: await listMemberships(principal.userId) },
}));
