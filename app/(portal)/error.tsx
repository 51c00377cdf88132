"use client";
import { ErrorView } from "@/components/portal/error-view";

/** A page that failed to render keeps the portal frame and offers a retry. */
export default function PortalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorView {...props} />;
}
