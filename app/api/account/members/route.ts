import { teamContracts } from "@/lib/accounts/team-contracts";
import { listMembers } from "@/lib/accounts/members";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(teamContracts.listMembers, async ({ principal }) => ({
  data: { data: await listMembers(principal.accountId) },
}));
