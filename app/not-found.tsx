import type { Metadata } from "next";
import { Logo } from "@/components/portal/logo";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/** Branded 404 for every unknown page (API paths answer JSON 404s from their own handlers). */
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-10">
      <Logo className="mb-8 text-lg" />
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">We could not find that page</h1>
      <p className="mt-3 text-slate-700">
        The address may be mistyped, or the page moved. API calls live under <code className="font-mono">/v1</code> and{" "}
        <code className="font-mono">/api</code>; the reference is at <code className="font-mono">/docs</code>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink href="/">Start page</ButtonLink>
        <ButtonLink href="/docs" variant="secondary">
          API reference
        </ButtonLink>
      </div>
    </main>
  );
}
