"use client";
import { useState } from "react";
import { SIMULATION_KINDS } from "@/drizzle/schema/weather";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { CoordinatePicker } from "@/components/watches/coordinate-picker";
import { toLocalInput } from "@/components/watches/build-watch-body";
import { apiFetch } from "@/lib/client/api-fetch";

interface Injection {
  simulation_id: string;
  geohash: string;
  kind: string;
  starts_at: string;
  ends_at: string;
}

const KIND_WORDS: Record<string, string> = {
  heavy_rain: "Heavy rain",
  rain: "Rain",
  gusts: "Strong gusts",
  heat: "Heat",
  cold: "Cold",
  fog: "Fog",
  thunderstorm: "Thunderstorm",
  snow: "Snow",
  severe_alert: "Severe weather alert",
  freezing_rain: "Freezing rain",
};

interface FormState {
  lat: string;
  lng: string;
  placeName: string;
  kind: string;
  startsAt: string;
  endsAt: string;
}

function check(f: FormState): Record<string, string> {
  const e: Record<string, string> = {};
  if (f.lat.trim() === "" || !Number.isFinite(Number(f.lat))) e.lat = "Choose a place on the map, search one, or type the latitude.";
  if (f.lng.trim() === "" || !Number.isFinite(Number(f.lng))) e.lng = "Type the longitude, or pick a place.";
  if (!f.startsAt) e.startsAt = "Choose when the conditions start.";
  if (!f.endsAt) e.endsAt = "Choose when they end.";
  else if (f.startsAt && new Date(f.endsAt) <= new Date(f.startsAt)) e.endsAt = "The end must be after the start.";
  return e;
}

/**
 * Sandbox weather injection: a place (map picker), a window and the conditions;
 * every reader of that cell (calls, watches) sees them at once. The kinds come
 * from the schema, so new kinds appear here without a portal change.
 */
export function SimulationForm() {
  const [f, setF] = useState<FormState>(() => {
    const start = new Date();
    start.setMinutes(0, 0, 0);
    return { lat: "", lng: "", placeName: "", kind: "heavy_rain", startsAt: toLocalInput(start), endsAt: toLocalInput(new Date(start.getTime() + 6 * 3_600_000)) };
  });
  const [made, setMade] = useState<Array<Injection & { place: string }>>([]);
  const set = (p: Partial<FormState>) => setF((s) => ({ ...s, ...p }));
  const create = useApiForm({
    mutationFn: (s: FormState) =>
      apiFetch<{ data: Injection }>("/v1/weather/simulations", {
        method: "POST",
        body: { lat: Number(s.lat), lng: Number(s.lng), kind: s.kind, starts_at: new Date(s.startsAt).toISOString(), ends_at: new Date(s.endsAt).toISOString() },
      }),
    validate: check,
    map: { lat: "lat", lng: "lng", starts_at: "startsAt", ends_at: "endsAt", kind: "kind" },
    successMessage: (r) => `${KIND_WORDS[r.data.kind] ?? r.data.kind} injected.`,
    onSuccess: (r, s) => setMade((m) => [{ ...r.data, place: s.placeName || `${Number(s.lat).toFixed(3)}, ${Number(s.lng).toFixed(3)}` }, ...m]),
  });
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Inject conditions" description="Applies to the ~5 km cell around the point, for the window you choose." />
        <CardBody>
          <form
            noValidate
            className="grid gap-6 md:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              create.submit(f);
            }}
          >
            <div className="md:col-span-2">
              <FormAlert errors={create.errors} title="Nothing was injected" />
            </div>
            <CoordinatePicker lat={f.lat} lng={f.lng} placeName={f.placeName} errors={{ latitude: create.error("lat"), longitude: create.error("lng") }} onChange={(v) => set({ lat: v.lat, lng: v.lng, placeName: v.placeName })} />
            <div className="space-y-4">
              <Field label="Conditions" required error={create.error("kind")}>
                {(p) => (
                  <Select {...p} value={f.kind} onChange={(e) => set({ kind: e.target.value })}>
                    {SIMULATION_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_WORDS[k] ?? k.replaceAll("_", " ")}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Starts" hint="Your local time." required error={create.error("startsAt")}>
                {(p) => <Input {...p} type="datetime-local" value={f.startsAt} onChange={(e) => set({ startsAt: e.target.value })} />}
              </Field>
              <Field label="Ends" required error={create.error("endsAt")}>
                {(p) => <Input {...p} type="datetime-local" value={f.endsAt} onChange={(e) => set({ endsAt: e.target.value })} />}
              </Field>
              <Button type="submit" loading={create.pending}>
                {create.pending ? "Injecting…" : "Inject conditions"}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Injected in this visit" description="Watches over these places see the conditions on their next refresh." />
        <CardBody>
          {made.length === 0 ? (
            <p className="text-sm text-slate-700">Nothing injected yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" data-testid="injections">
              {made.map((s) => (
                <li key={s.simulation_id} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
                  <strong>{KIND_WORDS[s.kind] ?? s.kind}</strong>
                  <span>{s.place}</span>
                  <span className="text-slate-700">
                    {new Date(s.starts_at).toLocaleString()} → {new Date(s.ends_at).toLocaleString()}
                  </span>
                  <code className="font-mono text-xs text-slate-700">cell {s.geohash}</code>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
