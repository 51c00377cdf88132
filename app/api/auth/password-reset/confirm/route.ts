import { recordAuditAfterChange, clientIpOf } from "@/lib/audit/record-audit";
import { emailAuthContracts } from "@/lib/accounts/email-contracts";
import { confirmPasswordReset } from "@/lib/accounts/password-reset";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(emailAuthContracts.passwordResetConfirm, async ({ req, requestId, body }) => {
  const r = await confirmPasswordReset(body);
  // No session or key here (the link is the credential), so the route records the audit entry itself.
  await recordAuditAfterChange({
    accountId: r.accountId,
    action: "user.password_reset",
    actor: `user:${r.userId}`,
    credential: "password_reset_link",
    ip: clientIpOf(req),
    target: `user:${r.userId}`,
    requestId,
  });
  return { status: 200, data: { user_id: r.userId, email: r.email } };
});
