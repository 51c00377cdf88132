import { teamContracts } from "@/lib/accounts/team-contracts";
import { acceptInvitation } from "@/lib/accounts/invitations";
import { clientIpOf, recordAuditAfterChange } from "@/lib/audit/record-audit";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(teamContracts.acceptInvitation, async ({ req, requestId, body }) => {
  const accepted = await acceptInvitation(body);
  // No credential here (the token is one): the route helper has no actor to record, so this route does.
  await recordAuditAfterChange({
    accountId: accepted.account.account_id,
    action: "invitation.accepted",
    actor: `user:${accepted.user.user_id}`,
    credential: "invitation",
    ip: clientIpOf(req),
    target: `user:${accepted.user.user_id}`,
    requestId,
    details: { role: accepted.account.role, user_created: accepted.user.created },
  });
  return { data: accepted };
});
