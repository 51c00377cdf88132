"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, Input, Select } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";
import {
  buildWatchBody,
  checkWatchForm,
  initialWatchForm,
  WATCH_FIELD_MAP,
  type WatchFormState,
} from "./build-watch-body";
import { CoordinatePicker } from "./coordinate-picker";
import { DeliveryTargetField } from "./delivery-target-field";
import {
  ACTIVITIES,
  TARGET_TYPES,
  TRANSPORT_MODES,
  WATCHES_QUERY,
  type WatchSummary,
  type WeatherEnvelope,
} from "./types";

/** Create a watch: target, place, activity, window, webhook and change rules. */
export function CreateWatchForm() {
  const [f, setF] = useState<WatchFormState>(() => initialWatchForm());
  const set = (patch: Partial<WatchFormState>) => setF((s) => ({ ...s, ...patch }));
  const router = useRouter();
  const qc = useQueryClient();
  const create = useApiForm({
    mutationFn: (form: WatchFormState) =>
      apiFetch<WeatherEnvelope<WatchSummary>>("/v1/weather/watch", { method: "POST", body: buildWatchBody(form) }),
    validate: checkWatchForm,
    values: f,
    map: WATCH_FIELD_MAP,
    successMessage: "Watch created.",
    onSuccess: async (res) => {
      await qc.invalidateQueries({ queryKey: WATCHES_QUERY });
      router.push(`/watches/${res.data.watch_id}`);
    },
  });
  const err = create.error;

  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        create.submit(f);
      }}
    >
      <FormAlert errors={create.errors} title="The watch was not created" />
      <Card>
        <CardHeader
          title="What to watch"
          description="A place, or the location of a timeline item, route window or trip."
        />
        <CardBody className="grid gap-4 md:grid-cols-2">
          <div className="space-y-4">
            <Field label="Target type" error={err("targetType")}>
              {(p) => (
                <Select
                  {...p}
                  name="target_type"
                  value={f.targetType}
                  onChange={(e) => set({ targetType: e.target.value })}
                >
                  {TARGET_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t.replace("_", " ")}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {f.targetType === "place" && (
              <Field
                label="Place id (optional)"
                hint="Your own reference; defaults to a geohash of the coordinates."
                error={err("placeId")}
              >
                {(p) => (
                  <Input {...p} name="place_id" value={f.placeId} onChange={(e) => set({ placeId: e.target.value })} />
                )}
              </Field>
            )}
            {f.targetType === "timeline_item" && (
              <Field label="Timeline item id" required error={err("itemId") ?? err("target_ref")}>
                {(p) => (
                  <Input {...p} name="item_id" value={f.itemId} onChange={(e) => set({ itemId: e.target.value })} />
                )}
              </Field>
            )}
            {(f.targetType === "trip" || f.targetType === "timeline_item") && (
              <Field
                label={f.targetType === "trip" ? "Trip id" : "Trip id (optional)"}
                required={f.targetType === "trip"}
                error={err("tripId") ?? err("target_ref")}
              >
                {(p) => (
                  <Input {...p} name="trip_id" value={f.tripId} onChange={(e) => set({ tripId: e.target.value })} />
                )}
              </Field>
            )}
            {f.targetType === "route_window" && (
              <div className="grid grid-cols-2 gap-3">
                {(["originLat", "originLng", "destLat", "destLng"] as const).map((k) => (
                  <Field
                    key={k}
                    label={
                      {
                        originLat: "Origin lat",
                        originLng: "Origin lng",
                        destLat: "Destination lat",
                        destLng: "Destination lng",
                      }[k]
                    }
                    error={err("target_ref")}
                  >
                    {(p) => (
                      <Input {...p} inputMode="decimal" value={f[k]} onChange={(e) => set({ [k]: e.target.value })} />
                    )}
                  </Field>
                ))}
              </div>
            )}
            <Field label="Place type" error={err("placeType")}>
              {(p) => (
                <Input
                  {...p}
                  name="place_type"
                  value={f.placeType}
                  onChange={(e) => set({ placeType: e.target.value })}
                />
              )}
            </Field>
          </div>
          <div className="space-y-4">
            <CoordinatePicker
              lat={f.lat}
              lng={f.lng}
              placeName={f.placeName}
              errors={{ latitude: err("lat"), longitude: err("lng") }}
              onChange={(v) =>
                set({
                  lat: v.lat,
                  lng: v.lng,
                  placeName: v.placeName,
                  ...(v.placeType ? { placeType: v.placeType } : {}),
                })
              }
            />
            {f.targetType === "place" && (
              <Field label="Place name (optional)" hint="Shown on the watch and sent in its events as target_ref.name.">
                {(p) => (
                  <Input
                    {...p}
                    name="place_name"
                    maxLength={200}
                    value={f.placeName}
                    onChange={(e) => set({ placeName: e.target.value })}
                  />
                )}
              </Field>
            )}
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Activity and window"
          description="The risk profile follows the activity, or the transport mode when one is set."
        />
        <CardBody className="grid gap-4 md:grid-cols-2">
          <Field label="Activity" error={err("activityType")}>
            {(p) => (
              <Select
                {...p}
                name="activity_type"
                value={f.activityType}
                onChange={(e) => set({ activityType: e.target.value })}
              >
                {ACTIVITIES.map((a) => (
                  <option key={a} value={a}>
                    {a.replaceAll("_", " ")}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Transport mode"
            hint="Required for a route window."
            required={f.targetType === "route_window"}
            error={err("transportMode")}
          >
            {(p) => (
              <Select
                {...p}
                name="transport_mode"
                value={f.transportMode}
                onChange={(e) => set({ transportMode: e.target.value })}
              >
                <option value="">None</option>
                {TRANSPORT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Outdoor" error={err("outdoor")}>
            {(p) => (
              <Select
                {...p}
                name="outdoor"
                value={f.outdoor}
                onChange={(e) => set({ outdoor: e.target.value as WatchFormState["outdoor"] })}
              >
                <option value="default">From the activity</option>
                <option value="outdoor">Outdoor</option>
                <option value="indoor">Indoor</option>
              </Select>
            )}
          </Field>
          <div />
          <Field label="Starts" hint="Your local time." required error={err("startsAt")}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                name="starts_at"
                value={f.startsAt}
                onChange={(e) => set({ startsAt: e.target.value })}
              />
            )}
          </Field>
          <Field label="Ends" required error={err("endsAt")}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                name="ends_at"
                value={f.endsAt}
                onChange={(e) => set({ endsAt: e.target.value })}
              />
            )}
          </Field>
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Notifications and rules"
          description="Events go through one of your webhook endpoints, or are POSTed to a URL signed with your watch signing secret."
        />
        <CardBody className="space-y-4">
          <DeliveryTargetField webhookId={f.webhookId} webhookUrl={f.webhookUrl} onChange={set} error={err} />
          <div className="grid gap-4 sm:grid-cols-4">
            {(
              [
                ["precipitation", "Rain probability Δ (points)"],
                ["temperature", "Temperature Δ (°C)"],
                ["wind", "Wind Δ (km/h)"],
                ["uv", "UV index Δ"],
              ] as const
            ).map(([k, label]) => (
              <Field key={k} label={label} error={err(k) ?? err("change_rules")}>
                {(p) => (
                  <Input {...p} inputMode="decimal" value={f[k]} onChange={(e) => set({ [k]: e.target.value })} />
                )}
              </Field>
            ))}
          </div>
          <Checkbox
            label="Notify on new severe or extreme alerts"
            checked={f.detectSevere}
            onChange={(e) => set({ detectSevere: e.target.checked })}
          />
          <Checkbox
            label="Notify when the risk level changes"
            checked={f.detectRisk}
            onChange={(e) => set({ detectRisk: e.target.checked })}
          />
        </CardBody>
      </Card>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => router.push("/watches")}>
          Cancel
        </Button>
        <Button type="submit" loading={create.pending}>
          {create.pending ? "Creating…" : "Create watch"}
        </Button>
      </div>
    </form>
  );
}
