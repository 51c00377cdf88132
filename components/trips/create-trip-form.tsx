"use client";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { tripKeys, type Trip } from "./types";

type Errors = Partial<Record<"name" | "time_zone" | "start_date" | "end_date" | "form", string>>;

export function CreateTripForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const defaultZone = typeof Intl !== "undefined" ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
  const create = useMutation({
    mutationFn: (body: Record<string, string | null>) => apiFetch<Trip>("/v1/trips", { method: "POST", body }),
    onSuccess: (t) => {
      void qc.invalidateQueries({ queryKey: tripKeys.all });
      onDone();
      router.push(`/trips/${t.trip_id}`);
    },
    onError: (err) => {
      const f = err instanceof ApiRequestError ? err.fieldErrors : {};
      setErrors(Object.keys(f).length ? (f as Errors) : { form: errorMessage(err) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const get = (k: string) => String(fd.get(k) ?? "").trim();
    if (!get("name")) return setErrors({ name: "Give the trip a name." });
    create.mutate({ name: get("name"), time_zone: get("time_zone") || "UTC", start_date: get("start_date") || null, end_date: get("end_date") || null });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Name" error={errors.name}>
        {(p) => <Input {...p} name="name" maxLength={200} placeholder="e.g. Lisbon in May" autoFocus />}
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
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create trip
        </Button>
      </div>
    </form>
  );
}
