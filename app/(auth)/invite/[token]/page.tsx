import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitationForm } from "@/components/team/accept-invitation-form";
import { Alert } from "@/components/ui/alert";
import { describeInvitation } from "@/lib/accounts/invitations";

export const metadata: Metadata = { title: "Accept an invitation" };

/** The link of the invitation email: who invites, with which role; then the accept form. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const invitation = token.length <= 200 ? await describeInvitation(token) : undefined;
  if (!invitation) {
    return (
      <AuthCard title="Invitation" subtitle="Join a Skycast account.">
        <Alert tone="danger">
          This invitation link is not valid any more: it was used, revoked, or has expired (links last 7 days). Ask for
          a new invitation.
        </Alert>
        <p className="mt-4 text-sm">
          <Link href="/sign-in" className="font-medium text-indigo-600">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${invitation.accountName}`} subtitle={`Invited as ${invitation.role}: ${invitation.email}`}>
      <AcceptInvitationForm token={token} email={invitation.email} existingUser={invitation.existingUser} />
    </AuthCard>
  );
}
