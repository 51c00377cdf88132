"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { VISA_KEYS_QUERY, type CreatedVisaKey } from "./types";

/** Name -> POST /api/developer/visa-keys; hands the created key (with its secret) up. */
export function CreateVisaKeyForm({ onCreated, onCancel }: { onCreated: (k: CreatedVisaKey) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  const create = useMutation({
    mutationFn: (name: string) => apiFetch<CreatedVisaKey>("/api/developer/visa-keys", { method: "POST", body: { name } }),
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: VISA_KEYS_QUERY });
      onCreated(key);
    },
    onError: (err) => {
      const f = err instanceof ApiRequestError ? err.fieldErrors : {};
      setErrors(f.name ? { name: f.name } : { form: errorMessage(err) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
    if (!name) return setErrors({ name: "Give the key a name, e.g. the app or server that uses it." });
    setErrors({});
    create.mutate(name);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Name" hint="Where the key is used, so you recognise it later." error={errors.name}>
        {(p) => <Input {...p} name="name" maxLength={100} placeholder="e.g. Booking site" autoFocus />}
      </Field>
      <p className="text-xs text-slate-500">New keys allow 1,000 requests per UTC hour. Contact us for a higher contract limit (up to 1,000,000).</p>
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
