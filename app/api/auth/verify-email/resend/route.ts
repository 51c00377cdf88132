import { emailAuthContracts } from "@/lib/auth/email-contracts";
import { resendVerification } from "@/lib/auth/email-verification";
import { defineRoute } from "@/lib/http/route";

export const POST = defineRoute(emailAuthContracts.resendVerification, async ({ principal }) => {
  const r = await resendVerification(principal.userId);
  return { status: 200, data: { email: r.email, email_verified: r.emailVerified, sent: r.sent } };
});
