"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, Input, RequiredMark } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/events/event-types";
import { WEBHOOKS_QUERY, type CreatedWebhookEndpoint, type Envelope } from "./types";
import { CreateFormFooter } from "@/components/forms/create-form-footer";

type Body = { url: string; events: WebhookEventType[]; description: string };

function check(b: Body): Record<string, string> {
  const e: Record<string, string> = {};
  if (!/^https:\/\/\S+$/i.test(b.url)) e.url = "Enter an https:// URL that can receive POST requests.";
  if (b.events.length === 0) e.events = "Choose at least one event type.";
  return e;
}

/** URL, description and event checkboxes → POST /v1/webhooks; hands the created endpoint (with its secret) up. */
export function CreateWebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (e: CreatedWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const [events, setEvents] = useState<Set<WebhookEventType>>(
    new Set(["weather.change_detected", "weather.severe_alert_added"]),
  );
  const create = useApiForm({
    mutationFn: (body: Body) => apiFetch<Envelope<CreatedWebhookEndpoint>>("/v1/webhooks", { method: "POST", body }),
    validate: check,
    fields: ["url", "events", "description"],
    successMessage: "Endpoint created.",
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY });
      onCreated(res.data);
    },
  });
  const errors = create.errors.fields;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.submit({
      url: String(form.get("url") ?? "").trim(),
      description: String(form.get("description") ?? "").trim(),
      events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)),
    });
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
    <form
      onSubmit={onSubmit}
      onInput={(e) => create.edited((e.target as HTMLInputElement).name)}
      noValidate
      className="space-y-5"
    >
      <FormAlert errors={create.errors} title="The endpoint was not created" />
      <Field label="Endpoint URL" required hint="HTTPS only; must be reachable from the internet." error={errors.url}>
        {(p) => (
          <Input
            {...p}
            name="url"
            type="url"
            inputMode="url"
            required
            placeholder="https://example.com/webhooks/weather"
            autoFocus
          />
        )}
      </Field>
      <Field label="Description" hint="Optional, e.g. which service receives these events." error={errors.description}>
        {(p) => <Input {...p} name="description" maxLength={500} placeholder="Production alerts" />}
      </Field>
      <fieldset aria-describedby={errors.events ? "events-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Events to send
          <RequiredMark />
        </legend>
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
      <CreateFormFooter pending={create.pending} onCancel={onCancel} label="Create endpoint" />
    </form>
  );
}
