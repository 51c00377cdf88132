import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { authOptions } from "@/lib/accounts/next-auth-options";
import { safeCallbackUrl } from "@/lib/portal/safe-callback";
import { validSession } from "@/lib/portal/current-user";

export const metadata: Metadata = { title: "Sign in" };

const NEXT_AUTH_ERRORS: Record<string, string> = {
  CredentialsSignin: "Email or password is incorrect.",
  OAuthAccountNotLinked: "Sign in with the method you used before.",
  AccessDenied: "Access denied. Create an account first, then sign in.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  const options = authOptions();
  // A cookie whose membership has ended (removed from the account) is no session: sign in again.
  if (await validSession()) redirect(callbackUrl);
  const oauthProviders = options.providers.filter((p) => p.type === "oauth").map((p) => ({ id: p.id, name: p.name }));
  const code = typeof params.error === "string" ? params.error : undefined;
  const signedUpHref = callbackUrl === "/keys" ? "/sign-up" : `/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return (
    <AuthCard
      title="Sign in"
      subtitle="Manage API keys, webhooks and trips."
      footer={
        <>
          New here?{" "}
          <Link href={signedUpHref} className="font-medium text-indigo-600 hover:text-indigo-500">
            Create an account
          </Link>
        </>
      }
    >
      {params.signedOut === "ended" ? (
        <Alert tone="warning" className="mb-5">
          Your session in that account has ended (you were removed from it, or it no longer exists). Sign in again.
        </Alert>
      ) : params.signedOut ? (
        <Alert tone="success" className="mb-5">
          You have signed out.
        </Alert>
      ) : null}
      <SignInForm
        callbackUrl={callbackUrl}
        oauthProviders={oauthProviders}
        initialError={code ? (NEXT_AUTH_ERRORS[code] ?? "Sign-in failed. Try again.") : undefined}
      />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
