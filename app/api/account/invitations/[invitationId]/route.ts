import { teamContracts } from "@/lib/accounts/team-contracts";
import { revokeInvitation } from "@/lib/accounts/invitations";
import { defineRoute } from "@/lib/registry/route";

export const DELETE = defineRoute(teamContracts.revokeInvitation, async ({ principal, params }) => {
  await revokeInvitation(principal.accountId, params.invitationId);
  return { status: 204 };
});
