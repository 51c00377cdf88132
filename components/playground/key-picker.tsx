"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { KEYS_QUERY, type ApiKeyRow } from "@/components/developer/types";
import { Field, Input, Select } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";

export interface KeyChoice {
  keyId: string;
  value: string;
}

/** The pasted value must be the chosen key's (its stored prefix is all we know of it). */
export function keyProblem(choice: KeyChoice, keys: ApiKeyRow[] | undefined): string | undefined {
  const v = choice.value.trim();
  if (!v) return "Paste the full key value (svc_…).";
  if (!v.startsWith("svc_")) return "API keys start with svc_.";
  const chosen = keys?.find((k) => String(k.id) === choice.keyId);
  if (chosen && !v.startsWith(chosen.keyPrefix)) return `That is not the key "${chosen.name}": its value starts with ${chosen.keyPrefix}.`;
  return undefined;
}

/**
 * Pick one of your keys, then paste its full value: the portal stores only a
 * hash and a prefix, so it cannot fill the value in. The value stays in this
 * page's memory only.
 */
export function KeyPicker({ choice, onChange, showError }: { choice: KeyChoice; onChange: (c: KeyChoice) => void; showError: boolean }) {
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => apiFetch<ApiKeyRow[]>("/api/developer/keys") });
  const chosen = keys.data?.find((k) => String(k.id) === choice.keyId);
  const problem = showError ? keyProblem(choice, keys.data) : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Key"
        hint={
          keys.data?.length === 0 ? (
            <>
              You have no keys yet: <Link className="underline" href="/keys">create one</Link>.
            </>
          ) : chosen ? (
            `Scopes: ${chosen.scopes.join(", ")}`
          ) : (
            "Which of your keys to call with."
          )
        }
      >
        {(p) => (
          <Select {...p} value={choice.keyId} onChange={(e) => onChange({ ...choice, keyId: e.target.value })}>
            <option value="">{keys.isPending ? "Loading keys…" : "Any key (not checked)"}</option>
            {keys.data?.map((k) => (
              <option key={k.id} value={String(k.id)}>
                {k.name} ({k.keyPrefix}…)
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Key value" error={problem} hint="Full keys are shown only once, at creation; paste it here. It is never stored.">
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="svc_…"
            value={choice.value}
            onChange={(e) => onChange({ ...choice, value: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
