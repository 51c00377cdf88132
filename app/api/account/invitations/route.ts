import { teamContracts } from "@/lib/accounts/team-contracts";
import { createInvitation, listInvitations } from "@/lib/accounts/invitations";
import { memberActor } from "@/lib/accounts/members";
import { portalOrigin } from "@/lib/accounts/portal-origin";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(teamContracts.createInvitation, async ({ req, principal, body }) => {
  const inviter = principal.type === "session" ? principal.email : undefined;
  const locale = req.headers.get("accept-language") ?? undefined;
  const { invitation } = await createInvitation(
    { ...memberActor(principal), inviterName: inviter, locale },
    body,
    portalOrigin(),
  );
  return { status: 201, data: invitation };
});

export const GET = defineRoute(teamContracts.listInvitations, async ({ principal }) => ({
  data: { data: await listInvitations(principal.accountId) },
}));
