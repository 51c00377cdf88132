import { emailAuthContracts } from "@/lib/accounts/email-contracts";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { clientIp } from "@/lib/http/client-ip";
import { defineRoute } from "@/lib/registry/route";

export const POST = defineRoute(emailAuthContracts.passwordReset, async ({ req, body }) => {
  // The mail goes out after the answer: the answer's timing says nothing about the address.
  await requestPasswordReset({
    email: body.email,
    ip: clientIp(req),
    locale: req.headers.get("accept-language") ?? undefined,
  });
  return {
    status: 202,
    data: {
      message:
        "If an account uses this address, we have emailed it a link to reset the password. The link works once, within one hour.",
    },
  };
});
