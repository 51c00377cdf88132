"use client";
import "./globals.css";
import { ErrorView } from "@/components/portal/error-view";

/** Last resort when the root layout itself fails: renders its own document. */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased font-sans">
        <main className="mx-auto max-w-2xl px-4 py-10">
          <p className="mb-6 text-lg font-semibold">Skycast</p>
          <ErrorView {...props} />
        </main>
      </body>
    </html>
  );
}
