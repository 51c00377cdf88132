"use client";
import { useCan } from "@/components/team/role-context";
import { useQuery, type QueryKey } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { apiFetch } from "@/lib/client/api-fetch";
import { useRevoke } from "./use-revoke";

type Row = { id: number; name: string };

export interface CredentialsPanelProps<R extends Row, C> {
  title: string;
  description: ReactNode;
  /** Collection endpoint: GET lists, POST creates (in the form), DELETE /{id} revokes. */
  endpoint: string;
  queryKey: QueryKey;
  /** "key" or "token": used in button labels ("Create key", "Revoke key"). */
  noun: string;
  empty: { title: string; description: string };
  list: (rows: R[], onRevoke: (row: R) => void) => ReactNode;
  form: (onCreated: (created: C) => void, onCancel: () => void) => ReactNode;
  createTitle: string;
  created: { title: string; description: (c: C) => string; reveal: (c: C, origin: string) => ReactNode };
  revokeDescription: (row: R | null) => ReactNode;
  dialogSize?: "md" | "lg";
}

/** A credential page body shared by API keys and access tokens: list, create (secret shown once), revoke with confirmation. */
export function CredentialsPanel<R extends Row, C>(p: CredentialsPanelProps<R, C>) {
  const rows = useQuery({ queryKey: p.queryKey, queryFn: () => apiFetch<R[]>(p.endpoint) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<C | null>(null);
  // Escape or a click outside would lose a secret shown only once: ask first.
  const [leaving, setLeaving] = useState(false);
  const revoke = useRevoke<R>(p.endpoint, p.queryKey);
  // Viewers read the list; the create and revoke controls are not theirs (the API refuses them too).
  const manage = useCan("credentials.manage");
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const closeCreate = () => {
    setLeaving(false);
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader
        title={p.title}
        description={p.description}
        actions={manage ? <Button onClick={() => setCreating(true)}>Create {p.noun}</Button> : undefined}
      />
      <Card>
        <QueryStates
          query={rows}
          what={`${p.noun}s`}
          empty={
            <EmptyState
              title={p.empty.title}
              description={p.empty.description}
              action={
                manage ? <Button onClick={() => setCreating(true)}>Create your first {p.noun}</Button> : undefined
              }
            />
          }
        >
          {(items) => p.list(items, revoke.ask)}
        </QueryStates>
      </Card>

      <Dialog
        open={creating}
        onClose={created ? () => setLeaving(true) : closeCreate}
        size={p.dialogSize}
        title={created ? p.created.title : p.createTitle}
        description={created ? p.created.description(created) : undefined}
        footer={
          created ? (
            leaving ? (
              <>
                <Button variant="secondary" onClick={() => setLeaving(false)}>
                  Keep it open
                </Button>
                <Button variant="danger" onClick={closeCreate}>
                  Close without storing
                </Button>
              </>
            ) : (
              <Button onClick={closeCreate}>I have stored it</Button>
            )
          ) : undefined
        }
      >
        {created && leaving && (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            Close without storing the {p.noun}? Its full value is never shown again; you would have to revoke it and
            create a new one.
          </p>
        )}
        {created ? p.created.reveal(created, origin) : p.form(setCreated, closeCreate)}
      </Dialog>

      <ConfirmDialog
        open={revoke.target !== null}
        title={`Revoke “${revoke.target?.name ?? ""}”?`}
        description={p.revokeDescription(revoke.target)}
        confirmLabel={`Revoke ${p.noun}`}
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
