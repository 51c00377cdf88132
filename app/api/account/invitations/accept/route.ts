import { teamContracts } from "@/lib/accounts/team-contracts";
import { acceptInvitation } from "@/lib/accounts/invitations";
import { defineRoute } from "@/lib/http/route";

export const POST = defineRoute(teamContracts.acceptInvitation, async ({ body }) => ({
  data: await acceptInvitation(body),
}));
