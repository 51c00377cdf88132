"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, Input, Select } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { expiryFromChoice } from "@/lib/client/format";
import { ExpiryField, type ExpiryChoice } from "./expiry-field";
import { TOKENS_QUERY, type CreatedAccessToken } from "./types";
import { CreateFormFooter } from "@/components/forms/create-form-footer";

const EXPIRY_OPTIONS = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
];

/** What the token may do (trip scopes); the agent choice is the safety model of docs/agents.md. */
const ACCESS_OPTIONS = [
  { value: "all", label: "Read, propose and change trips", scopes: ["trips:read", "trips:propose", "trips:write"] },
  {
    value: "propose",
    label: "Read and propose only (recommended for agents)",
    scopes: ["trips:read", "trips:propose"],
  },
  { value: "read", label: "Read only", scopes: ["trips:read"] },
] as const;

type Errors = Partial<Record<"name" | "expiresAt" | "trips" | "form", string>>;
type TripChoice = { trip_id: number; name: string };

export function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (t: CreatedAccessToken) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const [expiry, setExpiry] = useState<ExpiryChoice>({ choice: "90", customDate: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [access, setAccess] = useState<(typeof ACCESS_OPTIONS)[number]["value"]>("all");
  const [limitTrips, setLimitTrips] = useState(false);
  const [tripIds, setTripIds] = useState<number[]>([]);
  const trips = useQuery({
    queryKey: ["trips", "choices"],
    queryFn: () => apiFetch<{ trips: TripChoice[] }>("/v1/trips"),
    enabled: limitTrips,
  });
  const create = useMutation({
    mutationFn: (body: { name: string; expiresAt: string; scopes: string[]; trip_ids?: number[] }) =>
      apiFetch<CreatedAccessToken>("/api/developer/tokens", { method: "POST", body }),
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
    if (limitTrips && tripIds.length === 0) next.trips = "Pick at least one trip, or allow every trip.";
    setErrors(next);
    if (Object.keys(next).length || !expiresAt || expiresAt === "invalid") return;
    const scopes = [...ACCESS_OPTIONS.find((o) => o.value === access)!.scopes];
    create.mutate({ name, expiresAt, scopes, ...(limitTrips ? { trip_ids: tripIds } : {}) });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Name" hint="Who or what acts with it, e.g. “Planning agent”." error={errors.name}>
        {(p) => <Input {...p} name="name" maxLength={100} placeholder="e.g. Planning agent" autoFocus />}
      </Field>
      <Field label="What it may do" hint="A propose-only agent reads and raises proposals; a member accepts them.">
        {(p) => (
          <Select {...p} name="access" value={access} onChange={(e) => setAccess(e.target.value as typeof access)}>
            {ACCESS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Trips</legend>
        <Checkbox
          label="Only some trips"
          description="Other trips answer 404 to this token."
          checked={limitTrips}
          onChange={(e) => setLimitTrips(e.target.checked)}
        />
        {limitTrips && (
          <div className="ml-7 space-y-1.5">
            {trips.isPending && <p className="text-sm text-slate-500">Loading your trips…</p>}
            {trips.data?.trips.length === 0 && <p className="text-sm text-slate-500">You have no trips yet.</p>}
            {trips.data?.trips.map((t) => (
              <Checkbox
                key={t.trip_id}
                label={t.name}
                checked={tripIds.includes(t.trip_id)}
                onChange={(e) =>
                  setTripIds((ids) => (e.target.checked ? [...ids, t.trip_id] : ids.filter((x) => x !== t.trip_id)))
                }
              />
            ))}
            {errors.trips && (
              <p className="text-sm text-red-700" role="alert">
                {errors.trips}
              </p>
            )}
          </div>
        )}
      </fieldset>
      <ExpiryField
        value={expiry}
        onChange={setExpiry}
        options={EXPIRY_OPTIONS}
        error={errors.expiresAt}
        hint="At most one year ahead."
      />
      <CreateFormFooter pending={create.isPending} onCancel={onCancel} label="Create token" />
    </form>
  );
}
