"use client";
import { ErrorView } from "@/components/portal/error-view";

/** Sign-in, sign-up and sign-out keep their frame when something fails on our side. */
export default function AuthError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorView {...props} title="Signing in is not available right now" />;
}
