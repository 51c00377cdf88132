"use client";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Field, Input } from "@/components/ui/field";
import { api, unwrap } from "@/lib/client/api-client";
import { VISA_KEYS_QUERY, type CreatedVisaKey } from "./types";
import { CreateFormFooter } from "@/components/forms/create-form-footer";

/** Name -> POST /api/developer/visa-keys; hands the created key (with its secret) up. */
export function CreateVisaKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (k: CreatedVisaKey) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const create = useApiForm({
    mutationFn: (name: string): Promise<CreatedVisaKey> =>
      unwrap(api.POST("/api/developer/visa-keys", { body: { name } })),
    validate: (name): Record<string, string> =>
      name ? {} : { name: "Give the key a name, e.g. the app or server that uses it." },
    fields: ["name"],
    successMessage: (k) => `Visa key "${k.name}" created.`,
    onSuccess: (key) => {
      void qc.invalidateQueries({ queryKey: VISA_KEYS_QUERY });
      onCreated(key);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.submit(String(new FormData(e.currentTarget).get("name") ?? "").trim());
  }

  return (
    <form
      onSubmit={onSubmit}
      onInput={(e) => create.edited((e.target as HTMLInputElement).name)}
      noValidate
      className="space-y-5"
    >
      <FormAlert errors={create.errors} title="The key was not created" />
      <Field
        label="Name"
        required
        hint="Where the key is used, so you recognise it later."
        error={create.error("name")}
      >
        {(p) => <Input {...p} name="name" required maxLength={100} placeholder="e.g. Booking site" autoFocus />}
      </Field>
      <p className="text-xs text-slate-700">
        New keys allow 1,000 requests per UTC hour. Contact us for a higher contract limit (up to 1,000,000).
      </p>
      <CreateFormFooter pending={create.pending} onCancel={onCancel} label="Create key" />
    </form>
  );
}
