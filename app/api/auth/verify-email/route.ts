import { emailAuthContracts } from "@/lib/accounts/email-contracts";
import { verifyEmail } from "@/lib/auth/email-verification";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(emailAuthContracts.verifyEmail, async ({ body }) => {
  const r = await verifyEmail(body.token);
  return { status: 200, data: { user_id: r.userId, email: r.email, email_verified: true as const } };
});
