"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDate, formatDateTime, formatRelative, isPast } from "@/lib/client/format";
import { CreateKeyForm } from "./create-key-form";
import { SecretReveal } from "./secret-reveal";
import { KEYS_QUERY, type ApiKeyRow, type CreatedApiKey } from "./types";
import { useRevoke } from "./use-revoke";

/** API keys: list, create (secret shown once) and revoke, over /api/developer/keys with the session cookie. */
export function ApiKeysPanel() {
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
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setCreating(true)}>Create key</Button>
      </div>
      <Card>
        {keys.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
            <Spinner /> Loading keys…
          </p>
        ) : keys.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your keys">
              {errorMessage(keys.error)}{" "}
              <button className="font-medium underline" onClick={() => keys.refetch()}>
                Try again
              </button>
            </Alert>
          </div>
        ) : keys.data.length === 0 ? (
          <EmptyState
            title="No API keys yet"
            description="Create a key to call the weather and itinerary APIs from your servers."
            action={<Button onClick={() => setCreating(true)}>Create your first key</Button>}
          />
        ) : (
          <Table caption="API keys">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Key</Th>
                <Th>Scopes</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th>Expires</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {keys.data.map((k) => (
                <Tr key={k.id} data-key-id={k.id}>
                  <Td className="font-medium text-slate-900">{k.name}</Td>
                  <Td>
                    <code className="font-mono text-xs whitespace-nowrap text-slate-700">{k.keyPrefix}…</code>
                  </Td>
                  <Td>
                    <div className="flex max-w-xs flex-wrap gap-1">
                      {k.scopes.map((s) => (
                        <Badge key={s} tone="info">
                          {s}
                        </Badge>
                      ))}
                    </div>
                  </Td>
                  <Td className="whitespace-nowrap" title={formatDateTime(k.createdAt)}>
                    {formatDate(k.createdAt)}
                  </Td>
                  <Td className="whitespace-nowrap" title={formatDateTime(k.lastUsedAt)}>
                    {formatRelative(k.lastUsedAt)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    {k.expiresAt ? (
                      isPast(k.expiresAt) ? (
                        <StatusChip status="expired" />
                      ) : (
                        <span title={formatDateTime(k.expiresAt)}>{formatDate(k.expiresAt)}</span>
                      )
                    ) : (
                      <span className="text-slate-500">Never</span>
                    )}
                  </Td>
                  <Td className="text-right">
                    <Button variant="secondary" size="sm" onClick={() => revoke.ask(k)} aria-label={`Revoke ${k.name}`}>
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
        title={created ? "Your new API key" : "Create an API key"}
        description={created ? `“${created.name}” is ready. Store the key in your secret manager.` : undefined}
        footer={created ? <Button onClick={closeCreate}>I have stored it</Button> : undefined}
      >
        {created ? (
          <SecretReveal
            label="API key"
            value={created.key}
            example={`curl -H "Authorization: Bearer ${created.key}" ${origin}/v1/weather/health`}
          />
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
