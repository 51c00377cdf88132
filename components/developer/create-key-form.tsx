"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, Input, RequiredMark } from "@/components/ui/field";
import { API_KEY_SCOPES, SCOPE_DESCRIPTIONS, type ApiKeyScope } from "@/lib/auth/scopes";
import { apiFetch } from "@/lib/client/api-fetch";
import { expiryFromChoice } from "@/lib/client/format";
import { ExpiryField, type ExpiryChoice } from "./expiry-field";
import { KEYS_QUERY, type CreatedApiKey } from "./types";
import { CreateFormFooter } from "@/components/forms/create-form-footer";

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

type Body = { name: string; scopes: ApiKeyScope[]; expiresAt: string | null | "invalid" };

function check(b: Body): Record<string, string> {
  const e: Record<string, string> = {};
  if (!b.name) e.name = "Give the key a name, e.g. the app or server that uses it.";
  if (b.scopes.length === 0) e.scopes = "Choose at least one scope.";
  if (b.expiresAt === "invalid") e.expiresAt = "Pick a date for the key to expire.";
  return e;
}

/** Name, scopes and expiry → POST /api/developer/keys; hands the created key (with its secret) up. */
export function CreateKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (k: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set(["weather:read"]));
  const [expiry, setExpiry] = useState<ExpiryChoice>({ choice: "never", customDate: "" });
  const create = useApiForm({
    mutationFn: (body: Body) => apiFetch<CreatedApiKey>("/api/developer/keys", { method: "POST", body }),
    validate: check,
    fields: ["name", "scopes", "expiresAt"],
    successMessage: (k) => `Key "${k.name}" created. Copy it now: it is shown only once.`,
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: KEYS_QUERY });
      onCreated(key);
    },
  });
  const errors = create.errors.fields;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.submit({
      name: String(new FormData(e.currentTarget).get("name") ?? "").trim(),
      scopes: API_KEY_SCOPES.filter((s) => scopes.has(s)),
      expiresAt: expiryFromChoice(expiry.choice, expiry.customDate),
    });
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
    <form
      onSubmit={onSubmit}
      onInput={(e) => create.edited((e.target as HTMLInputElement).name)}
      noValidate
      className="space-y-5"
    >
      <FormAlert errors={create.errors} title="The key was not created" />
      <Field label="Name" required hint="Where the key is used, so you recognise it later." error={errors.name}>
        {(p) => <Input {...p} name="name" required maxLength={100} placeholder="e.g. Production server" autoFocus />}
      </Field>
      <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Scopes
          <RequiredMark />
        </legend>
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
      <ExpiryField
        value={expiry}
        onChange={setExpiry}
        options={EXPIRY_OPTIONS}
        error={errors.expiresAt}
        hint="Expired keys are refused with 401."
      />
      <CreateFormFooter pending={create.pending} onCancel={onCancel} label="Create key" />
    </form>
  );
}
