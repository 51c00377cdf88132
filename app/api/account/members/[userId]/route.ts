import { teamContracts } from "@/lib/accounts/team-contracts";
import { changeMemberRole, memberActor, removeMember } from "@/lib/accounts/members";
import { defineRoute } from "@/lib/registry/route";

export const PATCH = defineRoute(teamContracts.changeRole, async ({ principal, params, body }) => ({
  data: await changeMemberRole(memberActor(principal), params.userId, body.role),
}));

export const DELETE = defineRoute(teamContracts.removeMember, async ({ principal, params }) => {
  await removeMember(memberActor(principal), params.userId);
  return { status: 204 };
});
