import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SignOutButton } from "@/components/portal/sign-out-button";

export const metadata: Metadata = { title: "Sign out" };

export default function SignOutPage() {
  return (
    <AuthCard title="Sign out" subtitle="You will need to sign in again to manage your keys. API keys keep working.">
      <div className="flex items-center justify-between gap-3">
        <Link href="/keys" className="text-sm font-medium text-slate-600 hover:text-slate-900">
          Back to the portal
        </Link>
        <SignOutButton variant="primary" />
      </div>
    </AuthCard>
  );
}
