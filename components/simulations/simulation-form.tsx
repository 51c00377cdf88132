"use client";
import { useCan } from "@/components/team/role-context";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { CoordinatePicker } from "@/components/watches/coordinate-picker";
import { toLocalInput } from "@/components/watches/build-watch-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { injectionDefaults, type WatchWindow } from "@/lib/portal/simulation-defaults";
import {
  defaultTarget,
  eventTargets,
  targetLabel,
  type EventTarget,
  type TripEventLike,
} from "@/lib/portal/trip-event-targets";
import { SIMULATION_KINDS } from "@/lib/weather/simulation-schemas";
import { InjectionList, kindLabel, SIMULATIONS_KEY } from "./injection-list";

/** The presets the form offers (custom needs explicit values, which the API and the admin CLI take). */
const FORM_KINDS = SIMULATION_KINDS.filter((k) => k !== "custom");

interface Injection {
  simulation_id: string;
  geohash: string;
  kind: string;
  starts_at: string;
  ends_at: string;
}

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
  if (f.lat.trim() === "" || !Number.isFinite(Number(f.lat)))
    e.lat = "Choose a place on the map, search one, or type the latitude.";
  if (f.lng.trim() === "" || !Number.isFinite(Number(f.lng))) e.lng = "Type the longitude, or pick a place.";
  if (!f.startsAt) e.startsAt = "Choose when the conditions start.";
  if (!f.endsAt) e.endsAt = "Choose when they end.";
  else if (f.startsAt && new Date(f.endsAt) <= new Date(f.startsAt)) e.endsAt = "The end must be after the start.";
  return e;
}

/**
 * Sandbox weather injection: a place (map picker), a window and the conditions;
 * every reader of that cell (calls, watches) sees them at once. The kinds come
 * from lib/weather/simulation-schemas.ts, so new presets appear here without a portal change.
 */
export function SimulationForm() {
  // Times start empty and are filled in the browser: the server's clock and time zone are not the visitor's (hydration).
  const [f, setF] = useState<FormState>({
    lat: "",
    lng: "",
    placeName: "",
    kind: "heavy_rain",
    startsAt: "",
    endsAt: "",
  });
  const qc = useQueryClient();
  // Viewers see the injections, not the form (the API refuses them too).
  const manage = useCan("simulations.manage");
  // Place names chosen in this visit (the API keeps coordinates only).
  const [places, setPlaces] = useState<Record<string, string>>({});
  // What the visitor set themselves is never overwritten by the defaults below.
  const touched = useRef({ place: false, time: false });
  // The trip event the place and window come from ("" once either is changed by hand).
  const [eventKey, setEventKey] = useState("");
  const set = (p: Partial<FormState>) => {
    if ("lat" in p || "lng" in p) touched.current.place = true;
    if ("startsAt" in p || "endsAt" in p) touched.current.time = true;
    if ("lat" in p || "lng" in p || "startsAt" in p || "endsAt" in p) setEventKey("");
    setF((s) => ({ ...s, ...p }));
  };
  // Defaults over the account's next watch window, so injecting with them makes that watch fire.
  const watches = useQuery({
    queryKey: ["watches", "simulation-defaults"],
    queryFn: async () =>
      (await apiFetch<{ data: { watches: WatchWindow[] } }>("/v1/weather/watch?status=active&limit=100")).data.watches,
  });
  // With trip watches: the events of their trips, each place and window a target (issue 42 item 5).
  const tripIds = [
    ...new Set(
      (watches.data ?? []).map((w) => w.target_ref?.trip_id).filter((id): id is number => typeof id === "number"),
    ),
  ].slice(0, 5);
  const trips = useQuery({
    queryKey: ["simulation-trip-events", tripIds],
    queryFn: async () =>
      (
        await Promise.all(
          tripIds.map((id) => apiFetch<{ events: TripEventLike[] }>(`/v1/trips/${id}/itinerary`).then((r) => r.events)),
        )
      ).flat(),
    enabled: tripIds.length > 0,
  });
  const targets = eventTargets(trips.data ?? [], new Date());
  const aim = (t: EventTarget) => {
    touched.current = { place: true, time: true };
    setEventKey(t.key);
    setF((s) => ({
      ...s,
      lat: String(t.lat),
      lng: String(t.lng),
      placeName: `${t.title} · ${t.placeName}`,
      startsAt: toLocalInput(t.start),
      endsAt: toLocalInput(t.end),
    }));
  };
  const tripsLoading = tripIds.length > 0 && trips.isPending;
  useEffect(() => {
    if (tripsLoading) return;
    const { place, time } = touched.current;
    // A trip's first event ahead, at its place over its own window (not the trip's first place over its span).
    const first = defaultTarget(eventTargets(trips.data ?? [], new Date()));
    if (first && !place && !time) {
      aim(first);
      return;
    }
    const d = injectionDefaults(watches.data ?? [], new Date());
    setF((s) => ({
      ...s,
      ...(place ? {} : { lat: d.lat, lng: d.lng, placeName: d.placeName }),
      ...(time ? {} : { startsAt: toLocalInput(d.start), endsAt: toLocalInput(d.end) }),
    }));
  }, [watches.data, trips.data, tripsLoading]);
  const create = useApiForm({
    mutationFn: (s: FormState) =>
      apiFetch<{ data: Injection }>("/v1/weather/simulations", {
        method: "POST",
        body: {
          lat: Number(s.lat),
          lng: Number(s.lng),
          kind: s.kind,
          starts_at: new Date(s.startsAt).toISOString(),
          ends_at: new Date(s.endsAt).toISOString(),
        },
      }),
    validate: check,
    values: f,
    map: { lat: "lat", lng: "lng", starts_at: "startsAt", ends_at: "endsAt", kind: "kind" },
    successMessage: (r) => `${kindLabel(r.data.kind)} injected.`,
    onSuccess: async (r, s) => {
      if (s.placeName) setPlaces((p) => ({ ...p, [r.data.simulation_id]: s.placeName }));
      await qc.invalidateQueries({ queryKey: SIMULATIONS_KEY });
    },
  });
  return (
    <div className="space-y-6">
      {manage && (
        <Card>
          <CardHeader
            title="Inject conditions"
            description="Applies to the ~5 km cell around the point, for the window you choose."
          />
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
              {targets.length > 0 && (
                <div className="md:col-span-2">
                  <Field
                    label="Trip event"
                    hint="Injects at the event's place over its window, as the trip watch judges it (a flight at each airport for its hour)."
                  >
                    {(p) => (
                      <Select
                        {...p}
                        value={eventKey}
                        onChange={(e) => {
                          const t = targets.find((x) => x.key === e.target.value);
                          if (t) aim(t);
                          else setEventKey("");
                        }}
                      >
                        <option value="">A place and time of my own</option>
                        {targets.map((t) => (
                          <option key={t.key} value={t.key}>
                            {t.start.toLocaleString(undefined, {
                              weekday: "short",
                              day: "numeric",
                              month: "short",
                              hour: "2-digit",
                              minute: "2-digit",
                            })}{" "}
                            · {targetLabel(t)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                </div>
              )}
              <CoordinatePicker
                gazetteer
                lat={f.lat}
                lng={f.lng}
                placeName={f.placeName}
                errors={{ latitude: create.error("lat"), longitude: create.error("lng") }}
                onChange={(v) => set({ lat: v.lat, lng: v.lng, placeName: v.placeName })}
              />
              <div className="space-y-4">
                <Field label="Conditions" required error={create.error("kind")}>
                  {(p) => (
                    <Select {...p} value={f.kind} onChange={(e) => set({ kind: e.target.value })}>
                      {FORM_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {kindLabel(k)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Starts" hint="Your local time." required error={create.error("startsAt")}>
                  {(p) => (
                    <Input
                      {...p}
                      type="datetime-local"
                      value={f.startsAt}
                      onChange={(e) => set({ startsAt: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Ends" required error={create.error("endsAt")}>
                  {(p) => (
                    <Input
                      {...p}
                      type="datetime-local"
                      value={f.endsAt}
                      onChange={(e) => set({ endsAt: e.target.value })}
                    />
                  )}
                </Field>
                <Button type="submit" loading={create.pending}>
                  {create.pending ? "Injecting…" : "Inject conditions"}
                </Button>
              </div>
            </form>
          </CardBody>
        </Card>
      )}
      <InjectionList places={places} />
    </div>
  );
}
