"use client";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, Input, Label, Select } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/request-id-note";
import { apiFetch, ApiRequestError, errorMessage } from "@/lib/client/api-fetch";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import { DeleteEndpointButton } from "./delete-endpoint-button";
import {
  webhookQuery,
  WEBHOOKS_QUERY,
  type CreatedWebhookEndpoint,
  type Envelope,
  type WebhookEndpoint,
} from "./types";

const fieldErrors = (e: unknown) => (e instanceof ApiRequestError ? e.fieldErrors : {});

/** Edit url, events and description (PATCH); the server's validation messages show under each field. */
export function EditEndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const qc = useQueryClient();
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: async (body: { url: string; events: string[]; description: string }) =>
      (await apiFetch<Envelope<WebhookEndpoint>>(`/v1/webhooks/${endpoint.webhook_id}`, { method: "PATCH", body }))
        .data,
    onSuccess: (data) => {
      qc.setQueryData(webhookQuery(endpoint.webhook_id), data);
      void qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY });
      setSaved(true);
    },
  });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const f = new FormData(e.currentTarget);
    save.mutate({
      url: String(f.get("url") ?? ""),
      events: f.getAll("events").map(String),
      description: String(f.get("description") ?? ""),
    });
  }
  const errs = fieldErrors(save.error);
  return (
    <Card className="mb-6">
      <CardHeader title="Edit endpoint" description="The signing secret stays the same." />
      <CardBody>
        <form onSubmit={submit} className="space-y-4" aria-label="Edit endpoint">
          <Field label="Endpoint URL" error={errs.url}>
            {(p) => <Input {...p} name="url" type="url" defaultValue={endpoint.url} required />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Events</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((t) => (
                <Checkbox key={t} name="events" value={t} label={t} defaultChecked={endpoint.events.includes(t)} />
              ))}
            </div>
            {errs.events && <p className="mt-1 text-sm text-red-700">{errs.events}</p>}
          </fieldset>
          <Field label="Description" error={errs.description}>
            {(p) => <Input {...p} name="description" defaultValue={endpoint.description} maxLength={500} />}
          </Field>
          {save.isError && !Object.keys(errs).length && (
            <Alert tone="danger">
              <ErrorText error={save.error} />
            </Alert>
          )}
          {saved && <Alert tone="success">Saved.</Alert>}
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

type Secret = { secret: string; secret_prefix: string; previous_secret_expires_at: string | null };

/** Reveal (audited) and rotate (with a grace period) the signing secret, each after a confirmation. */
export function SecretCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const qc = useQueryClient();
  const [ask, setAsk] = useState<"reveal" | "rotate" | null>(null);
  const [grace, setGrace] = useState("24");
  const [shown, setShown] = useState<(Secret & { rotated: boolean }) | null>(null);
  const act = useMutation({
    mutationFn: async (what: "reveal" | "rotate") => {
      const path = `/v1/webhooks/${endpoint.webhook_id}/secret/${what}`;
      const r = await apiFetch<Envelope<Secret>>(path, {
        method: "POST",
        body: what === "rotate" ? { grace_period_hours: Number(grace) } : undefined,
      });
      return { ...r.data, rotated: what === "rotate" };
    },
    onSuccess: (s) => {
      setShown(s);
      setAsk(null);
      void qc.invalidateQueries({ queryKey: webhookQuery(endpoint.webhook_id) });
    },
  });
  return (
    <Card className="mb-6">
      <CardHeader
        title="Signing secret"
        description={
          <>
            Current secret <code className="font-mono">{endpoint.secret_prefix}…</code>
          </>
        }
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => setAsk("reveal")}>
              Reveal
            </Button>
            {endpoint.status === "active" && (
              <Button variant="secondary" size="sm" onClick={() => setAsk("rotate")}>
                Rotate
              </Button>
            )}
          </>
        }
      />
      {shown && (
        <CardBody>
          <Alert
            tone={shown.rotated ? "warning" : "info"}
            title={shown.rotated ? "New secret issued" : "Signing secret"}
          >
            <span className="flex flex-wrap items-center gap-2">
              <code data-secret className="font-mono break-all">
                {shown.secret}
              </code>
              <CopyButton value={shown.secret} />
              <Button variant="ghost" size="sm" onClick={() => setShown(null)}>
                Hide
              </Button>
            </span>
            {shown.previous_secret_expires_at && (
              <span className="mt-1 block">
                The previous secret keeps signing deliveries (a second v1= in X-Service-Signatures) until{" "}
                {new Date(shown.previous_secret_expires_at).toLocaleString()}.
              </span>
            )}
          </Alert>
        </CardBody>
      )}
      <ConfirmDialog
        open={ask === "reveal"}
        title="Reveal the signing secret?"
        description="The reveal is recorded in your account's audit trail. Anyone who sees the secret can forge deliveries."
        confirmLabel="Reveal secret"
        pending={act.isPending}
        error={act.isError ? errorMessage(act.error) : null}
        onConfirm={() => act.mutate("reveal")}
        onCancel={() => setAsk(null)}
      />
      <ConfirmDialog
        open={ask === "rotate"}
        title="Rotate the signing secret?"
        description={
          <span className="block space-y-2">
            <span className="block">
              A new secret signs every delivery from now on. During the grace period the old one signs too, so your
              receiver keeps working until you deploy the new secret.
            </span>
            <Label htmlFor="grace">Grace period</Label>
            <Select id="grace" value={grace} onChange={(e) => setGrace(e.target.value)}>
              <option value="0">None: retire the old secret now</option>
              <option value="1">1 hour</option>
              <option value="24">24 hours</option>
              <option value="168">7 days</option>
            </Select>
          </span>
        }
        confirmLabel="Rotate secret"
        destructive
        pending={act.isPending}
        error={act.isError ? errorMessage(act.error) : null}
        onConfirm={() => act.mutate("rotate")}
        onCancel={() => setAsk(null)}
      />
    </Card>
  );
}

/** A disabled endpoint's one-click replacement: same url, events and description, a new secret. */
export function CloneEndpointButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const qc = useQueryClient();
  const clone = useMutation({
    mutationFn: async () =>
      (
        await apiFetch<Envelope<CreatedWebhookEndpoint>>(`/v1/webhooks/${endpoint.webhook_id}/clone`, {
          method: "POST",
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY }),
  });
  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => clone.mutate()} loading={clone.isPending} disabled={!!clone.data}>
          Clone into a new endpoint
        </Button>
        <DeleteEndpointButton endpoint={endpoint} />
      </div>
      {clone.isError && (
        <Alert tone="danger">
          <ErrorText error={clone.error} />
        </Alert>
      )}
      {clone.data && (
        <Alert tone="success" title="New endpoint created">
          <span className="flex flex-wrap items-center gap-2">
            Its signing secret (shown once):{" "}
            <code data-secret className="font-mono break-all">
              {clone.data.secret}
            </code>
            <CopyButton value={clone.data.secret} />
          </span>
          <Link href={`/webhooks/${clone.data.webhook_id}`} className="mt-1 block font-medium underline">
            Open the new endpoint
          </Link>
        </Alert>
      )}
    </div>
  );
}

/** The event type a test event is sent as (default: the endpoint's first subscribed type). */
export function TestTypeSelect({
  endpoint,
  value,
  onChange,
}: {
  endpoint: WebhookEndpoint;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <span className="flex items-center gap-2">
      <Label htmlFor="test-type" className="sr-only">
        Test event type
      </Label>
      <Select
        id="test-type"
        value={value || endpoint.events[0]}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-[16rem]"
      >
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
    </span>
  );
}
