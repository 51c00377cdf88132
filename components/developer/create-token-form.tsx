"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { expiryFromChoice } from "@/lib/client/format";
import { ExpiryField, type ExpiryChoice } from "./expiry-field";
import { TOKENS_QUERY, type CreatedAccessToken } from "./types";

const EXPIRY_OPTIONS = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
];

type Errors = Partial<Record<"name" | "expiresAt" | "form", string>>;

export function CreateTokenForm({ onCreated, onCancel }: { onCreated: (t: CreatedAccessToken) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [expiry, setExpiry] = useState<ExpiryChoice>({ choice: "90", customDate: "" });
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: (body: { name: string; expiresAt: string }) => apiFetch<CreatedAccessToken>("/api/developer/tokens", { method: "POST", body }),
    onSuccess: (t) => {
      void qc.invalidateQueries({ queryKey: TOKENS_QUERY });
      onCreated(t);
    },
    onError: (err) => {
      const f = err instanceof ApiRequestError ? err.fieldErrors : {};
      if (f.name || f.expiresAt) setErrors({ name: f.name, expiresAt: f.expiresAt });
      else setErrors({ form: errorMessage(err) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
    const expiresAt = expiryFromChoice(expiry.choice, expiry.customDate);
    const next: Errors = {};
    if (!name) next.name = "Give the token a name, e.g. the agent or script that uses it.";
    if (expiresAt === "invalid" || expiresAt === null) next.expiresAt = "Pick a date for the token to expire.";
    setErrors(next);
    if (Object.keys(next).length || !expiresAt || expiresAt === "invalid") return;
    create.mutate({ name, expiresAt });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Name" hint="Who or what acts with it, e.g. “Planning agent”." error={errors.name}>
        {(p) => <Input {...p} name="name" maxLength={100} placeholder="e.g. Planning agent" autoFocus />}
      </Field>
      <ExpiryField value={expiry} onChange={setExpiry} options={EXPIRY_OPTIONS} error={errors.expiresAt} hint="At most one year ahead." />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? "Creating…" : "Create token"}
        </Button>
      </div>
    </form>
  );
}
