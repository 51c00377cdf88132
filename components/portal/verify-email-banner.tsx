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
        We emailed a link to {user.email}. Until you open it, this account works in sandbox but cannot create production
        API keys
        {user.account.environment === "production" ? " (switch to sandbox to start right away)" : ""}.
      </p>
      {process.env.NODE_ENV !== "production" ? (
        <p className="mt-1">
          In development the mail is in the{" "}
          <a href="/outbox" className="font-medium underline">
            outbox
          </a>{" "}
          (and the link is printed on the server&apos;s console).
        </p>
      ) : !process.env.SMTP_URL ? (
        <p className="mt-1">
          This server sends no mail (no SMTP_URL): an operator can confirm the address with{" "}
          <code className="font-mono text-[13px]">npm run admin -- verify-email --email {user.email}</code>.
        </p>
      ) : null}
      <div className="mt-2">
        <ResendVerificationButton />
      </div>
    </Alert>
  );
}
