"use client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    if (!email) return setError({ field: "Enter your email address." });
    setError({});
    setPending(true);
    try {
      await apiFetch("/api/auth/password-reset", { method: "POST", body: { email } });
      setSentTo(email);
    } catch (err) {
      if (err instanceof ApiRequestError && err.issues.length) setError({ field: err.issues[0].message });
      else setError({ form: errorMessage(err) });
    } finally {
      setPending(false);
    }
  }

  if (sentTo) {
    return (
      <Alert tone="success" title="Check your email">
        If an account uses {sentTo}, we have sent it a link to choose a new password. The link works once, within one
        hour.
      </Alert>
    );
  }
  return (
    <form
      /* POST: a submit before hydration must not put a password in the URL, history or access log */ method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
    >
      {error.form && <Alert tone="danger">{error.form}</Alert>}
      <Field label="Email" error={error.field}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? "Sending…" : "Email me a reset link"}
      </Button>
    </form>
  );
}
