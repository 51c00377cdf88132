import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Alert } from "@/components/ui/alert";
import { currentPortalSession } from "@/lib/portal/current-user";
import { safeCallbackUrl } from "@/lib/portal/safe-callback";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await currentPortalSession()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Create your account"
      subtitle="Free plan, no card needed. You get a developer account and can create API keys right away."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/sign-in" className="font-medium text-indigo-600 hover:text-indigo-500">
            Sign in
          </Link>
        </>
      }
    >
      {params.error === "oauth_no_account" && (
        <Alert tone="warning" className="mb-5">
          No account uses that email yet. Create one here first; you can then sign in with that provider.
        </Alert>
      )}
      <SignUpForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
