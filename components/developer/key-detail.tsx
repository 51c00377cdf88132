"use client";
import { Can } from "@/components/team/can";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Badge } from "@/components/ui/badge";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import type { Schemas } from "@/lib/client/api-client";
import { apiFetch } from "@/lib/client/api-fetch";
import { CredentialDatesList } from "./credential-dates";
import { KeyUsageChart } from "./key-usage-chart";
import { RollKeyDialog } from "./roll-key-dialog";
import { KEYS_QUERY, type ApiKeyRow } from "./types";

/** One key: its usage by day, rename, roll with a grace period, and a link to its requests. */
export function KeyDetail({ keyId }: { keyId: string }) {
  const router = useRouter();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => apiFetch<ApiKeyRow[]>("/api/developer/keys") });
  const usage = useQuery({
    queryKey: ["developer", "keys", keyId, "usage"],
    queryFn: () => apiFetch<Schemas["ApiKeyUsage"]>(`/api/developer/keys/${encodeURIComponent(keyId)}/usage`),
    refetchInterval: 30_000,
  });
  const [rolling, setRolling] = useState(false);
  const k = keys.data?.find((x) => String(x.id) === keyId);

  return (
    <>
      <Breadcrumbs items={[{ href: "/keys", label: "API keys" }, { label: k?.name ?? "Key" }]} />
      <QueryStates
        query={keys}
        what="key"
        isEmpty={() => !k}
        empty={
          <EmptyState
            title="No such key"
            description="It may have been revoked."
            action={
              <Link href="/keys" className="underline">
                Back to your keys
              </Link>
            }
          />
        }
      >
        {() =>
          k && (
            <>
              <PageHeader
                title={k.name}
                description={<code className="font-mono text-[13px]">{k.keyPrefix}…</code>}
                actions={
                  <div className="flex flex-wrap gap-2">
                    <Link
                      href={`/requests?key_id=${k.id}`}
                      className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                    >
                      This key&apos;s requests
                    </Link>
                    <Can action="credentials.manage">
                      <Button onClick={() => setRolling(true)}>Roll key</Button>
                    </Can>
                  </div>
                }
              />
              <div className="grid min-w-0 gap-6 lg:grid-cols-3">
                <Card className="min-w-0 lg:col-span-2">
                  <CardHeader
                    title="Usage"
                    description="Requests, billing units and errors made with this key per day (UTC), playground calls included."
                  />
                  <CardBody>
                    <QueryStates query={usage} what="usage" isEmpty={() => false} empty={null}>
                      {(u) => <KeyUsageChart usage={u} />}
                    </QueryStates>
                  </CardBody>
                </Card>
                <Card className="min-w-0">
                  <CardHeader title="Details" />
                  <CardBody className="space-y-4">
                    <div className="flex flex-wrap gap-1">
                      {k.scopes.map((s) => (
                        <Badge key={s} tone="info">
                          {s}
                        </Badge>
                      ))}
                    </div>
                    <CredentialDatesList dates={k} />
                    <Can action="credentials.manage">
                      <RenameKeyForm k={k} />
                    </Can>
                  </CardBody>
                </Card>
              </div>
              <RollKeyDialog
                k={k}
                open={rolling}
                onClose={() => setRolling(false)}
                onRolled={(r) => router.push(`/keys/${r.id}`)}
              />
            </>
          )
        }
      </QueryStates>
    </>
  );
}

function RenameKeyForm({ k }: { k: ApiKeyRow }) {
  const qc = useQueryClient();
  const rename = useApiForm({
    mutationFn: (body: { name: string }) =>
      apiFetch<ApiKeyRow>(`/api/developer/keys/${k.id}`, { method: "PATCH", body }),
    validate: (b): Record<string, string> => (b.name ? {} : { name: "Give the key a name." }),
    fields: ["name"],
    successMessage: (r) => `Renamed to "${r.name}".`,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS_QUERY }),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    rename.submit({ name: String(new FormData(e.currentTarget).get("name") ?? "").trim() });
  }
  const error = rename.error("name");
  return (
    <form
      onSubmit={onSubmit}
      onInput={() => rename.edited("name")}
      noValidate
      className="space-y-2"
      aria-label="Rename key"
    >
      <FormAlert errors={rename.errors} />
      <Field label="Name" error={error}>
        {(p) => <Input {...p} name="name" defaultValue={k.name} maxLength={100} />}
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={rename.pending}>
        {rename.pending ? "Saving…" : "Rename"}
      </Button>
    </form>
  );
}
