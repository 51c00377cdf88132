"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, Input } from "@/components/ui/field";
import { API_KEY_SCOPES, SCOPE_DESCRIPTIONS, type ApiKeyScope } from "@/lib/auth/scopes";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { expiryFromChoice } from "@/lib/client/format";
import { ExpiryField, type ExpiryChoice } from "./expiry-field";
import { KEYS_QUERY, type CreatedApiKey } from "./types";

const GROUPS: Array<{ title: string; scopes: ApiKeyScope[] }> = [
  { title: "Weather API (/v1/weather, webhooks)", scopes: API_KEY_SCOPES.filter((s) => s.startsWith("weather:")) },
  { title: "Itinerary events (/api)", scopes: API_KEY_SCOPES.filter((s) => !s.startsWith("weather:")) },
];

const EXPIRY_OPTIONS = [
  { value: "never", label: "No expiration" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
];

type Errors = Partial<Record<"name" | "scopes" | "expiresAt" | "form", string>>;

/** Name, scopes and expiry → POST /api/developer/keys; hands the created key (with its secret) up. */
export function CreateKeyForm({ onCreated, onCancel }: { onCreated: (k: CreatedApiKey) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set(["weather:read"]));
  const [expiry, setExpiry] = useState<ExpiryChoice>({ choice: "never", customDate: "" });
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null }) =>
      apiFetch<CreatedApiKey>("/api/developer/keys", { method: "POST", body }),
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: KEYS_QUERY });
      onCreated(key);
    },
    onError: (err) => {
      const f = err instanceof ApiRequestError ? err.fieldErrors : {};
      if (f.name || f.scopes || f.expiresAt) setErrors({ name: f.name, scopes: f.scopes, expiresAt: f.expiresAt });
      else setErrors({ form: errorMessage(err) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
    const expiresAt = expiryFromChoice(expiry.choice, expiry.customDate);
    const next: Errors = {};
    if (!name) next.name = "Give the key a name, e.g. the app or server that uses it.";
    if (scopes.size === 0) next.scopes = "Choose at least one scope.";
    if (expiresAt === "invalid") next.expiresAt = "Pick a date for the key to expire.";
    setErrors(next);
    if (Object.keys(next).length || expiresAt === "invalid") return;
    create.mutate({ name, scopes: API_KEY_SCOPES.filter((s) => scopes.has(s)), expiresAt });
  }

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((prev) => {
      const next = new Set(prev);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Name" hint="Where the key is used, so you recognise it later." error={errors.name}>
        {(p) => <Input {...p} name="name" maxLength={100} placeholder="e.g. Production server" autoFocus />}
      </Field>
      <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        <p className="mt-0.5 text-xs text-slate-500">Grant only what the app needs.</p>
        <div className="mt-3 space-y-4">
          {GROUPS.map((g) => (
            <div key={g.title}>
              <p className="mb-2 text-xs font-semibold text-slate-600">{g.title}</p>
              <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
                {g.scopes.map((s) => (
                  <Checkbox
                    key={s}
                    name="scopes"
                    value={s}
                    checked={scopes.has(s)}
                    onChange={(e) => toggle(s, e.target.checked)}
                    label={<code className="font-mono text-[13px]">{s}</code>}
                    description={SCOPE_DESCRIPTIONS[s]}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
        {errors.scopes && (
          <div className="mt-2">
            <FieldError id="scopes-error">{errors.scopes}</FieldError>
          </div>
        )}
      </fieldset>
      <ExpiryField value={expiry} onChange={setExpiry} options={EXPIRY_OPTIONS} error={errors.expiresAt} hint="Expired keys are refused with 401." />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
      </div>
    </form>
  );
}
