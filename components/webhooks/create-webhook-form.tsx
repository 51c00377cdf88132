"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, Input } from "@/components/ui/field";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";
import { WEBHOOKS_QUERY, type CreatedWebhookEndpoint, type Envelope } from "./types";

type Errors = Partial<Record<"url" | "events" | "description" | "form", string>>;

/** URL, description and event checkboxes → POST /v1/webhooks; hands the created endpoint (with its secret) up. */
export function CreateWebhookForm({ onCreated, onCancel }: { onCreated: (e: CreatedWebhookEndpoint) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(["weather.change_detected", "weather.severe_alert_added"]));
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[]; description: string }) =>
      apiFetch<Envelope<CreatedWebhookEndpoint>>("/v1/webhooks", { method: "POST", body }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY });
      onCreated(res.data);
    },
    onError: (err) => {
      const f = err instanceof ApiRequestError ? err.fieldErrors : {};
      if (f.url || f.events || f.description) setErrors({ url: f.url, events: f.events, description: f.description });
      else setErrors({ form: errorMessage(err) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const url = String(form.get("url") ?? "").trim();
    const description = String(form.get("description") ?? "").trim();
    const next: Errors = {};
    if (!/^https:\/\/\S+$/i.test(url)) next.url = "Enter an https:// URL that can receive POST requests.";
    if (events.size === 0) next.events = "Choose at least one event type.";
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate({ url, description, events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)) });
  }

  function toggle(t: WebhookEventType, on: boolean) {
    setEvents((prev) => {
      const next = new Set(prev);
      if (on) next.add(t);
      else next.delete(t);
      return next;
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form && <Alert tone="danger">{errors.form}</Alert>}
      <Field label="Endpoint URL" hint="HTTPS only; must be reachable from the internet." error={errors.url}>
        {(p) => <Input {...p} name="url" type="url" inputMode="url" placeholder="https://example.com/webhooks/weather" autoFocus />}
      </Field>
      <Field label="Description" hint="Optional, e.g. which service receives these events." error={errors.description}>
        {(p) => <Input {...p} name="description" maxLength={500} placeholder="Production alerts" />}
      </Field>
      <fieldset aria-describedby={errors.events ? "events-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <div className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <Checkbox
              key={t}
              name="events"
              value={t}
              checked={events.has(t)}
              onChange={(e) => toggle(t, e.target.checked)}
              label={<code className="font-mono text-[13px]">{t}</code>}
              description={EVENT_DESCRIPTIONS[t]}
            />
          ))}
        </div>
        {errors.events && (
          <div className="mt-2">
            <FieldError id="events-error">{errors.events}</FieldError>
          </div>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? "Creating…" : "Create endpoint"}
        </Button>
      </div>
    </form>
  );
}
