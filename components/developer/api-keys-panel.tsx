"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiKeysList } from "./api-keys-list";
import { CreateKeyForm } from "./create-key-form";
import { SecretReveal } from "./secret-reveal";
import { KEYS_QUERY, type ApiKeyRow, type CreatedApiKey } from "./types";
import { useRevoke } from "./use-revoke";

/** API keys page body: list, create (secret shown once) and revoke, over /api/developer/keys with the session cookie. */
export function ApiKeysPanel({ title, description }: { title: string; description: ReactNode }) {
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => apiFetch<ApiKeyRow[]>("/api/developer/keys") });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const revoke = useRevoke<ApiKeyRow>("/api/developer/keys", KEYS_QUERY);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader title={title} description={description} actions={<Button onClick={() => setCreating(true)}>Create key</Button>} />
      <Card>
        <QueryStates
          query={keys}
          what="keys"
          empty={
            <EmptyState
              title="No API keys yet"
              description="Create a key to call the weather and itinerary APIs from your servers."
              action={<Button onClick={() => setCreating(true)}>Create your first key</Button>}
            />
          }
        >
          {(rows) => <ApiKeysList rows={rows} onRevoke={revoke.ask} />}
        </QueryStates>
      </Card>

      <Dialog
        open={creating}
        onClose={closeCreate}
        size="lg"
        title={created ? "Your new API key" : "Create an API key"}
        description={created ? `“${created.name}” is ready. Store the key in your secret manager.` : undefined}
        footer={created ? <Button onClick={closeCreate}>I have stored it</Button> : undefined}
      >
        {created ? (
          <SecretReveal label="API key" value={created.key} example={`curl -H "Authorization: Bearer ${created.key}" \\\n  ${origin}/v1/weather/health`} />
        ) : (
          <CreateKeyForm onCreated={setCreated} onCancel={closeCreate} />
        )}
      </Dialog>

      <ConfirmDialog
        open={revoke.target !== null}
        title={`Revoke “${revoke.target?.name ?? ""}”?`}
        description={
          <>
            Requests with <code className="font-mono">{revoke.target?.keyPrefix}…</code> are refused with 401 from the very next
            call. This cannot be undone.
          </>
        }
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        destructive
        pending={revoke.pending}
        error={revoke.error}
        onConfirm={revoke.confirm}
        onCancel={revoke.cancel}
      />
    </>
  );
}
