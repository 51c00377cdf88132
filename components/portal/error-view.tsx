"use client";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * What every error boundary shows: what happened in plain words, the reference that finds the
 * server's log line (Next's error digest, logged with the error), a retry and a way home.
 */
export function ErrorView({
  error,
  reset,
  title = "This page could not be loaded",
}: {
  error: Error & { digest?: string };
  reset: () => void;
  title?: string;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const reference = error.digest;
  return (
    <div className="max-w-xl space-y-4 py-6">
      <Alert tone="danger" title={title}>
        Something went wrong on our side, and it was logged. Try again; if it keeps happening, contact support and quote
        the reference below.
      </Alert>
      {reference && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Reference <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{reference}</code>
          <CopyButton value={reference} label="Copy reference" />
        </p>
      )}
      <div className="flex gap-3">
        <Button onClick={reset}>Try again</Button>
        <ButtonLink href="/" variant="secondary">
          Go to the start page
        </ButtonLink>
      </div>
    </div>
  );
}
