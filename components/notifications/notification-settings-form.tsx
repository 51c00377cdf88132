"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, Input, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import zones from "@/lib/time/iana-time-zones.json";
import { notificationKeys, type NotificationSettings } from "./types";

const MODES: Array<{ value: NotificationSettings["mode"]; label: string; description: string }> = [
  {
    value: "immediate",
    label: "Immediately",
    description: "One email per notification, held until your quiet hours end.",
  },
  {
    value: "digest",
    label: "Daily digest",
    description: "One email a day: at the end of your quiet hours, or 08:00 without them.",
  },
  { value: "off", label: "Off", description: "No email. Notifications still appear in your inbox." },
];

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Per-member notification settings: how mail comes (immediately, digest, off), quiet hours, time zone. */
export function NotificationSettingsForm() {
  const saved = useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => apiFetch<NotificationSettings>("/v1/me/notification-settings"),
  });
  return (
    <>
      <PageHeader
        title="Notification settings"
        description="How you hear about your trips: proposals awaiting your review and events whose weather risk reached the trip's threshold."
      />
      <Card>
        {saved.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-600" role="status">
            <Spinner /> Loading your settings…
          </p>
        ) : saved.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your settings">
              {errorMessage(saved.error)}
            </Alert>
          </div>
        ) : (
          <SettingsForm saved={saved.data} />
        )}
      </Card>
    </>
  );
}

/** Never saved (the UTC default): the browser's zone is offered, shown before anything is saved. */
function initialForm(saved: NotificationSettings): NotificationSettings {
  const zone = saved.time_zone === "UTC" ? (browserZone() ?? "UTC") : saved.time_zone;
  return { ...saved, time_zone: (zones as string[]).includes(zone) ? zone : saved.time_zone };
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<NotificationSettings>(() => initialForm(saved));
  const [quiet, setQuiet] = useState(saved.quiet_hours !== null);
  const save = useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiFetch<NotificationSettings>("/v1/me/notification-settings", { method: "PUT", body }),
    onSuccess: (data) => qc.setQueryData(notificationKeys.settings, data),
  });
  const fieldErrors = save.error instanceof ApiRequestError ? save.error.fieldErrors : {};
  const hours = form.quiet_hours ?? { start: "22:00", end: "07:00" };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...form, quiet_hours: quiet ? hours : null });
  };
  return (
    <form className="space-y-6 p-4 sm:p-6" onSubmit={submit} noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Email</legend>
        <div className="mt-2 space-y-3">
          {MODES.map((m) => (
            <label key={m.value} className="flex gap-3 text-sm">
              <input
                type="radio"
                name="mode"
                value={m.value}
                checked={form.mode === m.value}
                onChange={() => setForm({ ...form, mode: m.value })}
                className="mt-1 size-4 accent-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-800">{m.label}</span>
                <span className="block text-slate-600">{m.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Quiet hours</legend>
        <Checkbox
          label="No email during quiet hours"
          description="Mail due in them is sent when they end. A window may span midnight (22:00 to 07:00)."
          checked={quiet}
          onChange={(e) => setQuiet(e.target.checked)}
        />
        {quiet && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="From" error={fieldErrors.quiet_hours}>
              {(p) => (
                <Input
                  {...p}
                  type="time"
                  value={hours.start}
                  onChange={(e) => setForm({ ...form, quiet_hours: { ...hours, start: e.target.value } })}
                />
              )}
            </Field>
            <Field label="Until">
              {(p) => (
                <Input
                  {...p}
                  type="time"
                  value={hours.end}
                  onChange={(e) => setForm({ ...form, quiet_hours: { ...hours, end: e.target.value } })}
                />
              )}
            </Field>
          </div>
        )}
      </fieldset>
      <Field label="Time zone" hint="Quiet hours and the digest follow this zone." error={fieldErrors.time_zone}>
        {(p) => (
          <Select {...p} value={form.time_zone} onChange={(e) => setForm({ ...form, time_zone: e.target.value })}>
            {(zones as string[]).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {save.isError && !fieldErrors.quiet_hours && !fieldErrors.time_zone && (
        <Alert tone="danger" title="Not saved">
          {errorMessage(save.error)}
        </Alert>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
        {save.isSuccess && (
          <p className="text-sm text-emerald-700" role="status">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
