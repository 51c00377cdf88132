"use client";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";
import { tripKeys, type Trip } from "./types";

type Body = Record<"name" | "time_zone" | "currency", string> & Record<"start_date" | "end_date", string | null>;

function check(b: Body): Record<string, string> {
  const e: Record<string, string> = {};
  if (!b.name) e.name = "Give the trip a name.";
  if (!/^[A-Z]{3}$/.test(b.currency)) e.currency = "Use the 3-letter ISO 4217 code, e.g. EUR, USD or GBP.";
  if (b.start_date && b.end_date && b.end_date < b.start_date)
    e.end_date = "The end date must be on or after the start date.";
  return e;
}

export function CreateTripForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const router = useRouter();
  const defaultZone = typeof Intl !== "undefined" ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
  const create = useApiForm({
    mutationFn: (body: Body) => apiFetch<Trip>("/v1/trips", { method: "POST", body }),
    validate: check,
    fields: ["name", "time_zone", "start_date", "end_date", "currency"],
    successMessage: (t) => `Trip "${t.name}" created.`,
    onSuccess: (t) => {
      void qc.invalidateQueries({ queryKey: tripKeys.all });
      onDone();
      router.push(`/trips/${t.trip_id}`);
    },
  });
  const errors = create.errors.fields;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const get = (k: string) => String(fd.get(k) ?? "").trim();
    create.submit({
      name: get("name"),
      time_zone: get("time_zone") || "UTC",
      currency: get("currency").toUpperCase() || "EUR",
      start_date: get("start_date") || null,
      end_date: get("end_date") || null,
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      onInput={(e) => create.edited((e.target as HTMLInputElement).name)}
      noValidate
      className="space-y-5"
    >
      <FormAlert errors={create.errors} title="The trip was not created" />
      <Field label="Name" required error={errors.name}>
        {(p) => <Input {...p} name="name" required maxLength={200} placeholder="e.g. Lisbon in May" autoFocus />}
      </Field>
      <Field label="Time zone" hint="IANA name; day boundaries and moves use it." error={errors.time_zone}>
        {(p) => <Input {...p} name="time_zone" defaultValue={defaultZone} />}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Start date" error={errors.start_date}>
          {(p) => <Input {...p} type="date" name="start_date" />}
        </Field>
        <Field label="End date" error={errors.end_date}>
          {(p) => <Input {...p} type="date" name="end_date" />}
        </Field>
      </div>
      <Field label="Currency" hint="ISO 4217 code the costs are in, e.g. EUR, USD, GBP." error={errors.currency}>
        {(p) => (
          <Input
            {...p}
            name="currency"
            defaultValue="EUR"
            maxLength={3}
            autoCapitalize="characters"
            className="w-28 uppercase"
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={create.pending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.pending}>
          Create trip
        </Button>
      </div>
    </form>
  );
}
