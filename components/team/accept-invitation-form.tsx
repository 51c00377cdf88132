"use client";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** Accepts an invitation (POST /api/account/invitations/accept), then signs in: new users with the password they chose. */
export function AcceptInvitationForm({
  token,
  email,
  existingUser,
}: {
  token: string;
  email: string;
  existingUser: boolean;
}) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await apiFetch("/api/account/invitations/accept", {
        method: "POST",
        body: existingUser ? { token } : { token, password, name: name || undefined },
      });
      if (existingUser) {
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose: the session changed, no cached query may survive
        window.location.assign("/sign-in?callbackUrl=%2Fteam");
        return;
      }
      const res = await signIn("credentials", { email, password, redirect: false });
      window.location.assign(res?.ok ? "/team" : "/sign-in?callbackUrl=%2Fteam");
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };
  return (
    <form
      /* POST: a submit before hydration must not put a password in the URL, history or access log */ method="post"
      onSubmit={submit}
      className="space-y-4"
      aria-label="Accept the invitation"
    >
      {error && <Alert tone="danger">{error}</Alert>}
      {!existingUser && (
        <>
          <Field label="Your name">
            {(p) => (
              <Input {...p} name="name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
            )}
          </Field>
          <Field label="Choose a password" hint="At least 8 characters." required>
            {(p) => (
              <PasswordInput
                {...p}
                name="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
              />
            )}
          </Field>
        </>
      )}
      <Button type="submit" loading={pending} className="w-full">
        {existingUser ? "Join the account" : "Create my user and join"}
      </Button>
    </form>
  );
}
