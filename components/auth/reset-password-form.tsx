"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** Sets the new password from the emailed link (the token in the URL is the credential). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ field?: string; form?: string; link?: boolean }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    if (!password) return setError({ field: "Enter a new password." });
    setError({});
    setPending(true);
    try {
      await apiFetch("/api/auth/password-reset/confirm", { method: "POST", body: { token, password } });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiRequestError && err.issues.some((i) => i.path === "password")) {
        setError({ field: err.issues.find((i) => i.path === "password")!.message });
      } else {
        // A used, expired or mistyped link: the server's message says which.
        setError({
          form: errorMessage(err),
          link: err instanceof ApiRequestError && (err.status === 410 || err.status === 400),
        });
      }
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <Alert tone="success" title="Password changed">
        You are signed out everywhere else.{" "}
        <Link href="/sign-in" className="font-medium underline">
          Sign in with your new password
        </Link>
        .
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
      {error.form && (
        <Alert tone="danger">
          {error.form}
          {error.link && (
            <>
              {" "}
              <Link href="/forgot-password" className="font-medium underline">
                Ask for a new link
              </Link>
            </>
          )}
        </Alert>
      )}
      <Field label="New password" hint={error.field ? undefined : "At least 8 characters."} error={error.field}>
        {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" required />}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
