import { emailAuthContracts } from "@/lib/auth/email-contracts";
import { confirmPasswordReset } from "@/lib/auth/password-reset";
import { defineRoute } from "@/lib/http/route";

export const POST = defineRoute(emailAuthContracts.passwordResetConfirm, async ({ body }) => {
  const r = await confirmPasswordReset(body);
  return { status: 200, data: { user_id: r.userId, email: r.email } };
});
