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
import { formatDate } from "@/lib/client/format";
import { AccessTokensList } from "./access-tokens-list";
import { CreateTokenForm } from "./create-token-form";
import { SecretReveal } from "./secret-reveal";
import { TOKENS_QUERY, type AccessTokenRow, type CreatedAccessToken } from "./types";
import { useRevoke } from "./use-revoke";

/** Access tokens page body: list, create (secret shown once) and revoke over /api/developer/tokens. */
export function AccessTokensPanel({ title, description }: { title: string; description: ReactNode }) {
  const tokens = useQuery({ queryKey: TOKENS_QUERY, queryFn: () => apiFetch<AccessTokenRow[]>("/api/developer/tokens") });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const revoke = useRevoke<AccessTokenRow>("/api/developer/tokens", TOKENS_QUERY);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader title={title} description={description} actions={<Button onClick={() => setCreating(true)}>Create token</Button>} />
      <Card>
        <QueryStates
          query={tokens}
          what="tokens"
          empty={
            <EmptyState
              title="No access tokens yet"
              description="Create a token for a planning agent or script that works on your trips."
              action={<Button onClick={() => setCreating(true)}>Create your first token</Button>}
            />
          }
        >
          {(rows) => <AccessTokensList rows={rows} onRevoke={revoke.ask} />}
        </QueryStates>
      </Card>

      <Dialog
        open={creating}
        onClose={closeCreate}
        title={created ? "Your new access token" : "Create an access token"}
        description={created ? `“${created.name}” expires ${formatDate(created.expiresAt)}.` : undefined}
        footer={created ? <Button onClick={closeCreate}>I have stored it</Button> : undefined}
      >
        {created ? (
          <SecretReveal
            label="Access token"
            value={created.token}
            example={`curl -H "Authorization: Bearer ${created.token}" \\\n  ${origin}/v1/trips/TRIP_ID`}
          />
        ) : (
          <CreateTokenForm onCreated={setCreated} onCancel={closeCreate} />
        )}
      </Dialog>

      <ConfirmDialog
        open={revoke.target !== null}
        title={`Revoke “${revoke.target?.name ?? ""}”?`}
        description="Requests with this token are refused with 401 from the very next call. This cannot be undone."
        confirmLabel="Revoke token"
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
