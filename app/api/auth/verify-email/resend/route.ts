import { emailAuthContracts } from "@/lib/accounts/email-contracts";
import { resendVerification } from "@/lib/auth/email-verification";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(emailAuthContracts.resendVerification, async ({ principal }) => {
  const r = await resendVerification(principal.userId);
  return { status: 200, data: { email: r.email, email_verified: r.emailVerified, sent: r.sent } };
});
