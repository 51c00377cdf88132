"use client";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

/**
 * Confirms the address on a click, not on page load: mail scanners that open links must not use
 * the single-use link up before the person does.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const [state, setState] = useState<{ done?: string; error?: string }>({});
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      const r = await apiFetch<{ email: string }>("/api/auth/verify-email", { method: "POST", body: { token } });
      setState({ done: r.email });
    } catch (err) {
      setState({ error: errorMessage(err) });
    } finally {
      setPending(false);
    }
  }

  if (state.done) {
    return (
      <Alert tone="success" title="Email address confirmed">
        {state.done} is verified: you can create production API keys.{" "}
        <Link href="/keys" className="font-medium underline">
          Go to API keys
        </Link>
      </Alert>
    );
  }
  return (
    <div className="space-y-5">
      {state.error && <Alert tone="danger">{state.error} You can send a new link from the API keys page.</Alert>}
      <Button onClick={() => void confirm()} loading={pending} className="w-full">
        {pending ? "Confirming…" : "Confirm my email address"}
      </Button>
    </div>
  );
}
