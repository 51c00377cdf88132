"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

export function ResendVerificationButton() {
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      const r = await apiFetch<{ email: string; sent: boolean }>("/api/auth/verify-email/resend", { method: "POST" });
      setNote(
        r.sent ? `A new link is on its way to ${r.email}.` : "Your address is already confirmed; reload the page.",
      );
    } catch (err) {
      setNote(errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" loading={pending} onClick={() => void resend()}>
        Resend the link
      </Button>
      {note && <span role="status">{note}</span>}
    </span>
  );
}
