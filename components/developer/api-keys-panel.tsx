"use client";
import type { ReactNode } from "react";
import { ApiKeysList } from "./api-keys-list";
import { CreateKeyForm } from "./create-key-form";
import { CredentialsPanel } from "./credentials-panel";
import { SecretReveal } from "./secret-reveal";
import { KEYS_QUERY, type ApiKeyRow, type CreatedApiKey } from "./types";

/** API keys page body, over /api/developer/keys with the session cookie. */
export function ApiKeysPanel({ title, description }: { title: string; description: ReactNode }) {
  return (
    <CredentialsPanel<ApiKeyRow, CreatedApiKey>
      title={title}
      description={description}
      endpoint="/api/developer/keys"
      queryKey={KEYS_QUERY}
      noun="key"
      empty={{
        title: "No API keys yet",
        description: "Create a key to call the weather and itinerary APIs from your servers.",
      }}
      list={(rows, onRevoke) => <ApiKeysList rows={rows} onRevoke={onRevoke} />}
      form={(onCreated, onCancel) => <CreateKeyForm onCreated={onCreated} onCancel={onCancel} />}
      createTitle="Create an API key"
      dialogSize="lg"
      created={{
        title: "Your new API key",
        description: (c) => `“${c.name}” is ready. Store the key in your secret manager.`,
        reveal: (c, origin) => <SecretReveal label="API key" value={c.key} example={firstCall(c, origin)} />,
      }}
      revokeDescription={(row) => (
        <>
          Requests with <code className="font-mono">{row?.keyPrefix}…</code> are refused with 401 from the very next
          call. This cannot be undone.
        </>
      )}
    />
  );
}

/** The README's first call (current weather in Paris) when the key may read weather; otherwise the health check every key may call. */
export function firstCall(c: Pick<CreatedApiKey, "key" | "scopes">, origin: string): string {
  const path = c.scopes.includes("weather:read") ? "/v1/weather/current?lat=48.85&lng=2.35" : "/v1/weather/health";
  return `curl -H "Authorization: Bearer ${c.key}" \\\n  "${origin}${path}"`;
}
