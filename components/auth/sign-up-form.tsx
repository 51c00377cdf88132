"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";

type Errors = Partial<Record<"name" | "email" | "password" | "form", string>>;

/** Creates the user and account (server validates; its field issues show inline), then signs in. */
export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    // The server's schema is the one validator; its issues come back per field.
    setErrors({});
    setPending(true);
    try {
      await apiFetch("/api/auth/sign-up", { method: "POST", body: { email, password, ...(name ? { name } : {}) } });
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res || res.error) {
        router.replace("/sign-in");
        return;
      }
      router.replace(callbackUrl);
      router.refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.fieldErrors).length) {
        const f = err.fieldErrors;
        setErrors({ name: f.name, email: f.email, password: f.password });
      } else {
        setErrors({ form: errorMessage(err) });
      }
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
      <Field label="Name" hint="Optional. Shown on your account." error={errors.name}>
        {(p) => <Input {...p} name="name" autoComplete="name" />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      {/* The hint gives way to the error, which says the same thing: one message, not two. */}
      <Field label="Password" hint={errors.password ? undefined : "At least 8 characters."} error={errors.password}>
        {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" required />}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? "Creating account…" : "Create account"}
      </Button>
    </form>
  );
}
