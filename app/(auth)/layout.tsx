import type { ReactNode } from "react";
import { Logo } from "@/components/portal/logo";

/** Centered single-card frame for sign-in, sign-up and sign-out. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center sm:py-16">
      <Logo className="mb-8 text-lg" />
      <main className="w-full max-w-sm">{children}</main>
    </div>
  );
}
