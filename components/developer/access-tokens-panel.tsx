"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDate, formatDateTime, formatRelative, isPast } from "@/lib/client/format";
import { CreateTokenForm } from "./create-token-form";
import { SecretReveal } from "./secret-reveal";
import { TOKENS_QUERY, type AccessTokenRow, type CreatedAccessToken } from "./types";
import { useRevoke } from "./use-revoke";

/** Trip access tokens: list, create (secret shown once) and revoke over /api/developer/tokens. */
export function AccessTokensPanel() {
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
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setCreating(true)}>Create token</Button>
      </div>
      <Card>
        {tokens.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
            <Spinner /> Loading tokens…
          </p>
        ) : tokens.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your tokens">
              {errorMessage(tokens.error)}{" "}
              <button className="font-medium underline" onClick={() => tokens.refetch()}>
                Try again
              </button>
            </Alert>
          </div>
        ) : tokens.data.length === 0 ? (
          <EmptyState
            title="No access tokens yet"
            description="Create a token for a planning agent or script that works on your trips."
            action={<Button onClick={() => setCreating(true)}>Create your first token</Button>}
          />
        ) : (
          <Table caption="Access tokens">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Token</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th>Expires</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {tokens.data.map((t) => (
                <Tr key={t.id}>
                  <Td className="font-medium text-slate-900">{t.name}</Td>
                  <Td>
                    <code className="font-mono text-xs whitespace-nowrap text-slate-700">{t.tokenPrefix}…</code>
                  </Td>
                  <Td className="whitespace-nowrap" title={formatDateTime(t.createdAt)}>
                    {formatDate(t.createdAt)}
                  </Td>
                  <Td className="whitespace-nowrap" title={formatDateTime(t.lastUsedAt)}>
                    {formatRelative(t.lastUsedAt)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {isPast(t.expiresAt) ? <StatusChip status="expired" /> : <span title={formatDateTime(t.expiresAt)}>{formatDate(t.expiresAt)}</span>}
                  </Td>
                  <Td className="text-right">
                    <Button variant="secondary" size="sm" onClick={() => revoke.ask(t)} aria-label={`Revoke ${t.name}`}>
                      Revoke
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Dialog
        open={creating}
        onClose={closeCreate}
        title={created ? "Your new access token" : "Create an access token"}
        description={created ? `“${created.name}” expires ${formatDate(created.expiresAt)}.` : undefined}
        footer={created ? <Button onClick={closeCreate}>I have stored it</Button> : undefined}
      >
        {created ? (
          <SecretReveal label="Access token" value={created.token} example={`curl -H "Authorization: Bearer ${created.token}" ${origin}/v1/trips/TRIP_ID`} />
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
