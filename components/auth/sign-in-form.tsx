"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";

type Errors = Partial<Record<"email" | "password" | "form", string>>;

export interface OAuthProviderInfo {
  id: string;
  name: string;
}

export function SignInForm({
  callbackUrl,
  initialError,
  oauthProviders = [],
}: {
  callbackUrl: string;
  initialError?: string;
  /** Shown as extra buttons; only providers whose env vars are set are passed in. */
  oauthProviders?: OAuthProviderInfo[];
}) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>(initialError ? { form: initialError } : {});
  const [pending, setPending] = useState(false);
  // After a refused attempt the cursor goes back to the password, selected, ready to retype.
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const next: Errors = {};
    if (!email) next.email = "Enter your email address.";
    if (!password) next.password = "Enter your password.";
    setErrors(next);
    if (Object.keys(next).length) return;
    setPending(true);
    try {
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res || res.error) {
        setErrors({
          form:
            res?.error === "CredentialsSignin" || !res
              ? "Email or password is incorrect."
              : "Sign-in failed. Try again.",
        });
        passwordRef.current?.focus();
        passwordRef.current?.select();
        return;
      }
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setErrors({ form: "Could not reach the server. Check your connection and try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      /* POST: a submit before hydration must not put a password in the URL, history or access log */ method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
    >
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Email" error={errors.email}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(p) => <PasswordInput {...p} ref={passwordRef} name="password" autoComplete="current-password" required />}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      {oauthProviders.length > 0 && (
        <div className="space-y-3 border-t border-slate-200 pt-5">
          {oauthProviders.map((p) => (
            <Button
              key={p.id}
              variant="secondary"
              className="w-full"
              onClick={() => void signIn(p.id, { callbackUrl })}
            >
              Continue with {p.name}
            </Button>
          ))}
        </div>
      )}
    </form>
  );
}
