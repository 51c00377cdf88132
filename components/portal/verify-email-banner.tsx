import { Alert } from "@/components/ui/alert";
import { isEmailVerified } from "@/lib/auth/email-verification";
import { requirePortalUser } from "@/lib/portal/current-user";
import { ResendVerificationButton } from "./resend-verification-button";

/** Shown until the address is confirmed: why production keys are refused, and the resend action. */
export async function VerifyEmailBanner() {
  const user = await requirePortalUser();
  if (await isEmailVerified(user.userId)) return null;
  return (
    <Alert tone="warning" title="Confirm your email address" className="mb-6">
      <p>
        We emailed a link to {user.email}. Until you open it, this account works in sandbox but cannot create production API keys
        {user.account.environment === "production" ? " (switch to sandbox to start right away)" : ""}.
      </p>
      <div className="mt-2">
        <ResendVerificationButton />
      </div>
    </Alert>
  );
}
