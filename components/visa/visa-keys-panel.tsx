"use client";
import { useCan } from "@/components/team/role-context";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { SecretReveal } from "@/components/developer/secret-reveal";
import { useRevoke } from "@/components/developer/use-revoke";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { errorMessage } from "@/lib/client/api-fetch";
import { api, unwrap } from "@/lib/client/api-client";
import { formatDate, formatDateTime } from "@/lib/client/format";
import { CreateVisaKeyForm } from "./create-visa-key-form";
import { VISA_KEYS_QUERY, type CreatedVisaKey, type VisaKeyRow } from "./types";

function UsageMeter({ k }: { k: VisaKeyRow }) {
  const pct = Math.min(100, Math.round((k.usage.used / k.hourlyLimit) * 100));
  const tone = pct >= 100 ? "bg-red-500" : pct >= 80 ? "bg-amber-500" : "bg-emerald-500";
  return (
    <div className="min-w-40" title={`Resets ${formatDateTime(k.usage.resetAt)}`}>
      <p className="text-xs text-slate-700">
        {k.usage.used.toLocaleString()} / {k.hourlyLimit.toLocaleString()}{" "}
        <span className="text-slate-500">this hour</span>
      </p>
      <div
        className="mt-1 h-1.5 rounded-full bg-slate-200"
        role="meter"
        aria-label={`${k.name} usage this hour`}
        aria-valuemin={0}
        aria-valuemax={k.hourlyLimit}
        aria-valuenow={k.usage.used}
      >
        <div className={`h-1.5 rounded-full ${tone}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** Visa keys: list with this hour's use, create (secret shown once) and revoke, over /api/developer/visa-keys. */
/** The page header lives here so "Create visa key" sits in its actions, like every other portal page. */
export function VisaKeysPanel({ title, description }: { title: string; description: ReactNode }) {
  const keys = useQuery({
    queryKey: VISA_KEYS_QUERY,
    queryFn: (): Promise<VisaKeyRow[]> => unwrap(api.GET("/api/developer/visa-keys")),
    refetchInterval: 30_000,
  });
  const manage = useCan("credentials.manage");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedVisaKey | null>(null);
  const revoke = useRevoke<VisaKeyRow>("/api/developer/visa-keys", VISA_KEYS_QUERY);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={manage ? <Button onClick={() => setCreating(true)}>Create visa key</Button> : undefined}
      />
      <Card>
        {keys.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
            <Spinner /> Loading visa keys…
          </p>
        ) : keys.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your visa keys">
              {errorMessage(keys.error)}{" "}
              <button className="font-medium underline" onClick={() => keys.refetch()}>
                Try again
              </button>
            </Alert>
          </div>
        ) : keys.data.length === 0 ? (
          <EmptyState
            title="No visa keys yet"
            description="Create a key to call /v1/visa/check, /v1/visa/rules and /v1/visa/changes."
            action={manage ? <Button onClick={() => setCreating(true)}>Create your first visa key</Button> : undefined}
          />
        ) : (
          <Table caption="Visa API keys" stacked>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Key</Th>
                <Th>Use this hour (UTC)</Th>
                <Th>Created</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {keys.data.map((k) => (
                <Tr key={k.id} data-visa-key-id={k.id}>
                  <Td label="Name" className="font-medium text-slate-900">
                    {k.name}
                  </Td>
                  <Td label="Key">
                    <code className="font-mono text-xs whitespace-nowrap text-slate-700">{k.keyPrefix}…</code>
                  </Td>
                  <Td label="This hour">
                    <UsageMeter k={k} />
                  </Td>
                  <Td label="Created" className="whitespace-nowrap" title={formatDateTime(k.createdAt)}>
                    {formatDate(k.createdAt)}
                  </Td>
                  <Td className="sm:text-right">
                    {manage && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => revoke.ask(k)}
                        aria-label={`Revoke ${k.name}`}
                      >
                        Revoke
                      </Button>
                    )}
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
        title={created ? "Your new visa key" : "Create a visa key"}
        description={created ? `“${created.name}” is ready. Store the key in your secret manager.` : undefined}
        footer={created ? <Button onClick={closeCreate}>I have stored it</Button> : undefined}
      >
        {created ? (
          <SecretReveal
            label="Visa API key"
            value={created.key}
            example={`curl -X POST ${origin}/v1/visa/check -H "X-Visa-Intel-Key: ${created.key}" -H "Content-Type: application/json" -d '{"nationality":"US","destination":"FR","purpose":"tourism"}'`}
          />
        ) : (
          <CreateVisaKeyForm onCreated={setCreated} onCancel={closeCreate} />
        )}
      </Dialog>

      <ConfirmDialog
        open={revoke.target !== null}
        title={`Revoke “${revoke.target?.name ?? ""}”?`}
        description={
          <>
            Requests with <code className="font-mono">{revoke.target?.keyPrefix}…</code> are refused with 401 from the
            very next call. This cannot be undone.
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
