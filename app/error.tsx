"use client";
import { Logo } from "@/components/portal/logo";
import { ErrorView } from "@/components/portal/error-view";

/** Pages outside the portal and auth groups (home, API reference). */
export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Logo className="mb-6 text-lg" />
      <ErrorView {...props} />
    </main>
  );
}
