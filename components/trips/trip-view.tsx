"use client";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { AddEventForm } from "./add-event-form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { EventEditor } from "./event-editor";
import { ItineraryTimeline } from "./itinerary-timeline";
import { moneyIn } from "./time-format";
import { MembersPanel } from "./members-panel";
import { ProposalsPanel } from "./proposals-panel";
import { useCan } from "@/components/team/role-context";
import { canEdit, tripKeys, type Itinerary, type Trip, type TripEvent } from "./types";
import { useTripOps, type OpInput } from "./use-trip-op";
import { TripWeatherPanel } from "./trip-weather-panel";
import { WeatherAlertsSwitch } from "./weather-alerts-switch";
import type { TripWeather } from "./weather-parts";

/** Fields the server derives or stamps: an add_event carrying them is refused as unknown keys. */
const SERVER_OWNED = new Set(["createdAt", "updatedAt", "createdBy", "updatedBy", "geo", "geoReason", "arrivalGeo"]);

/** The add_event payload that re-creates a removed event (undo): its fields without the server-owned ones. */
function recreatePayload(e: TripEvent): Record<string, unknown> {
  const { id: _id, tripId: _trip, position: _pos, ...rest } = e as TripEvent & Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(rest).filter(([k, v]) => v !== null && v !== undefined && !SERVER_OWNED.has(k)),
  );
}

/** The trip's total cost in its currency (" · Total €1,234.50"), or nothing when no event has a cost. */
function totalCost(events: TripEvent[], currency: string | undefined): string {
  const costs = events.map((e) => e.cost).filter((c): c is number => typeof c === "number");
  if (costs.length === 0) return "";
  return ` · Total ${moneyIn(currency)(costs.reduce((a, b) => a + b, 0))}`;
}

/** A trip: itinerary timeline, proposals and members, kept fresh with react-query. */
export function TripView({ tripId }: { tripId: number }) {
  // A change needs the trip role and the account role (trips.manage): an account viewer who edits a trip is refused.
  const mayManage = useCan("trips.manage");
  const mayWatch = useCan("watches.manage");
  const trip = useQuery({ queryKey: tripKeys.trip(tripId), queryFn: () => apiFetch<Trip>(`/v1/trips/${tripId}`) });
  const itinerary = useQuery({
    queryKey: tripKeys.itinerary(tripId),
    queryFn: () => apiFetch<Itinerary>(`/v1/trips/${tripId}/itinerary`),
    refetchInterval: 15_000,
  });
  // Trip weather follows the itinerary's revision; the portal's reads are never billed.
  const weather = useQuery({
    queryKey: [...tripKeys.itinerary(tripId), "weather", itinerary.data?.revision],
    queryFn: () => apiFetch<TripWeather>(`/v1/trips/${tripId}/weather`),
    enabled: itinerary.data !== undefined,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const weatherById = new Map((weather.data?.events ?? []).map((e) => [e.event_id, e]));
  const { run, rebased, dismissRebased } = useTripOps(tripId);
  const [editing, setEditing] = useState<{ event: TripEvent; base: number } | null>(null);
  const [adding, setAdding] = useState(false);

  if (trip.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
        <Spinner /> Loading trip…
      </p>
    );
  }
  if (trip.isError) {
    return (
      <Alert tone="danger" title="Trip unavailable">
        {errorMessage(trip.error)}{" "}
        <Link href="/trips" className="underline">
          Back to trips
        </Link>
      </Alert>
    );
  }
  const t = trip.data;
  const editable = canEdit(t.role) && mayManage;
  // The trip's ISO 4217 currency (GET /v1/trips/{id}); Trip in ./types may lag the generated types.
  const currency = (t as Trip & { currency?: string }).currency;
  return (
    <>
      <PageHeader
        title={t.name}
        description={
          <>
            {t.start_date ? `${t.start_date} → ${t.end_date ?? "…"} · ` : ""}Times by local zone; days in {t.time_zone}
            {currency ? ` · Costs in ${currency}` : ""} · You are <Badge>{t.role}</Badge>
          </>
        }
        actions={
          <a className="text-sm text-indigo-700 hover:underline" href={`/v1/trips/${tripId}/itinerary.ics`}>
            Download calendar (.ics)
          </a>
        }
      />
      {rebased && (
        <div className="mb-4" data-testid="rebased">
          <Alert tone="info" title="The trip changed while you were editing; your change was applied on top">
            Applied on revision {rebased.onto}. Changed by others meanwhile:{" "}
            {rebased.changed.join(", ") || "nothing you can see"}.{" "}
            <button className="font-medium underline" onClick={dismissRebased}>
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      <div className="mb-6">{mayWatch && <WeatherAlertsSwitch tripId={tripId} />}</div>
      {weather.data && (
        <div className="mb-6" data-testid="trip-weather">
          <TripWeatherPanel weather={weather.data} />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <Card>
          <CardHeader
            title="Itinerary"
            description={
              itinerary.data
                ? `Revision ${itinerary.data.revision}${totalCost(itinerary.data.events, currency)}`
                : undefined
            }
            actions={
              editable && itinerary.data ? (
                <Button
                  size="sm"
                  onClick={() => {
                    run.reset();
                    setAdding(true);
                  }}
                >
                  Add event
                </Button>
              ) : undefined
            }
          />
          <div className="p-4 sm:p-6">
            {itinerary.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
                <Spinner /> Loading itinerary…
              </p>
            ) : itinerary.isError ? (
              <Alert tone="danger">{errorMessage(itinerary.error)}</Alert>
            ) : (
              <ItineraryTimeline
                itinerary={itinerary.data}
                formatCost={moneyIn(currency)}
                weatherOf={(id) => weatherById.get(id)}
                onReorder={
                  editable
                    ? (day, ids, moved) => {
                        const before = itinerary.data.events.filter((x) => ids.includes(x.id)).map((x) => x.id);
                        run.mutate({
                          base: itinerary.data.revision,
                          ops: [{ type: "reorder", payload: { date: day, event_ids: ids } }],
                          undo: {
                            message: `Moved “${moved.title}”.`,
                            ops: [{ type: "reorder", payload: { date: day, event_ids: before } }],
                          },
                        });
                      }
                    : undefined
                }
                onEdit={
                  editable
                    ? (event) => {
                        run.reset();
                        setEditing({ event, base: itinerary.data.revision });
                      }
                    : undefined
                }
              />
            )}
          </div>
        </Card>
        {/* On a phone (one column) proposals waiting for a decision come before the whole itinerary. */}
        <div className="order-first space-y-6 xl:order-none">
          <ProposalsPanel
            tripId={tripId}
            tripZone={t.time_zone}
            canResolve={editable}
            currency={currency}
            weatherOf={(id) => weatherById.get(id)}
          />
          <MembersPanel tripId={tripId} isOwner={t.role === "owner" && mayManage} />
        </div>
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add an event">
        {adding && itinerary.data && (
          <AddEventForm
            tripZone={t.time_zone}
            defaultDate={t.start_date ?? new Date().toISOString().slice(0, 10)}
            onAdd={(payload) =>
              run.mutateAsync({ base: itinerary.data.revision, ops: [{ type: "add_event", payload }] })
            }
            onDone={() => setAdding(false)}
          />
        )}
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit “${editing?.event.title ?? ""}”`}>
        {editing && (
          <EventEditor
            event={editing.event}
            tripZone={t.time_zone}
            pending={run.isPending}
            error={run.error}
            onCancel={() => {
              run.reset();
              setEditing(null);
            }}
            onUseTheirs={() => {
              run.reset();
              setEditing(null);
            }}
            onSubmit={(ops: OpInput[], base) => {
              const removed = ops.length === 1 && ops[0].type === "remove_event" ? editing.event : null;
              const undo = removed
                ? {
                    message: `Removed “${removed.title}”.`,
                    ops: [{ type: "add_event" as const, payload: recreatePayload(removed) }],
                  }
                : undefined;
              run.mutate({ base: base ?? editing.base, ops, undo }, { onSuccess: () => setEditing(null) });
            }}
          />
        )}
      </Dialog>
    </>
  );
}
