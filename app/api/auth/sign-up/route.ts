import { accountContracts } from "@/lib/accounts/contracts";
import { createUser } from "@/lib/accounts/create-user";
import { sendVerificationEmailAfterSignUp } from "@/lib/auth/email-verification";
import { defineRoute } from "@/lib/registry/route";
import { mailLocale } from "@/lib/mail/templates";

export const POST = defineRoute(accountContracts.signUp, async ({ req, body }) => {
  const { userId, accountId } = await createUser({ ...body, locale: mailLocale(req.headers.get("accept-language")) });
  await sendVerificationEmailAfterSignUp(userId);
  return { status: 201, data: { user_id: userId, account_id: accountId } };
});
