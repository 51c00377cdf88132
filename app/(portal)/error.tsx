"use client";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A page that failed to render keeps the portal frame and offers a retry; the digest helps support find the log line. */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="max-w-xl space-y-4 py-6">
      <Alert tone="danger" title="This page could not be loaded">
        Something went wrong on our side. Try again; if it keeps happening, quote reference{" "}
        <code className="font-mono">{error.digest ?? "unknown"}</code>.
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
