"use client";
import Link from "next/link";
import type { ApiKeyRow } from "@/components/developer/types";
import { Field, Select } from "@/components/ui/field";

const usable = (k: ApiKeyRow) => !k.expiresAt || new Date(k.expiresAt).getTime() > Date.now();

/**
 * Pick one of your keys by name. Nothing is pasted: the call goes through your
 * portal session and runs as that key (its scopes and quota), billed to it.
 */
export function KeyPicker({
  keys,
  loading,
  keyId,
  onChange,
  error,
}: {
  keys: ApiKeyRow[] | undefined;
  loading: boolean;
  keyId: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const chosen = keys?.find((k) => String(k.id) === keyId);
  return (
    <Field
      label="Key"
      required
      error={error}
      hint={
        keys?.length === 0 ? (
          <>
            You have no keys yet:{" "}
            <Link className="underline" href="/keys">
              create one
            </Link>
            .
          </>
        ) : chosen ? (
          <>
            Billed to <strong>{chosen.name}</strong> ({chosen.keyPrefix}…) · scopes {chosen.scopes.join(", ")}
          </>
        ) : (
          "The call runs with this key's scopes and is billed to it, like a call from your server."
        )
      }
    >
      {(p) => (
        <Select {...p} required value={keyId} onChange={(e) => onChange(e.target.value)} data-testid="playground-key">
          <option value="">{loading ? "Loading keys…" : "Choose a key…"}</option>
          {keys?.filter(usable).map((k) => (
            <option key={k.id} value={String(k.id)}>
              {k.name} ({k.keyPrefix}…)
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
