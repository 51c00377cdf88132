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
import { MembersPanel } from "./members-panel";
import { ProposalsPanel } from "./proposals-panel";
import { canEdit, tripKeys, type Itinerary, type Trip, type TripEvent } from "./types";
import { useTripOps } from "./use-trip-op";

/** A trip: itinerary timeline, proposals and members, kept fresh with react-query. */
export function TripView({ tripId }: { tripId: number }) {
  const trip = useQuery({ queryKey: tripKeys.trip(tripId), queryFn: () => apiFetch<Trip>(`/v1/trips/${tripId}`) });
  const itinerary = useQuery({
    queryKey: tripKeys.itinerary(tripId),
    queryFn: () => apiFetch<Itinerary>(`/v1/trips/${tripId}/itinerary`),
    refetchInterval: 15_000,
  });
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
        {errorMessage(trip.error)} <Link href="/trips" className="underline">Back to trips</Link>
      </Alert>
    );
  }
  const t = trip.data;
  const editable = canEdit(t.role);
  return (
    <>
      <PageHeader
        title={t.name}
        description={
          <>
            {t.start_date ? `${t.start_date} → ${t.end_date ?? "…"} · ` : ""}Times by local zone; days in {t.time_zone} · You are{" "}
            <Badge>{t.role}</Badge>
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
            Applied on revision {rebased.onto}. Changed by others meanwhile: {rebased.changed.join(", ") || "nothing you can see"}.{" "}
            <button className="font-medium underline" onClick={dismissRebased}>
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <Card>
          <CardHeader
            title="Itinerary"
            description={itinerary.data ? `Revision ${itinerary.data.revision}` : undefined}
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
        <div className="space-y-6">
          <ProposalsPanel tripId={tripId} tripZone={t.time_zone} canResolve={editable} />
          <MembersPanel tripId={tripId} isOwner={t.role === "owner"} />
        </div>
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add an event">
        {adding && itinerary.data && (
          <AddEventForm
            tripZone={t.time_zone}
            defaultDate={t.start_date ?? new Date().toISOString().slice(0, 10)}
            onAdd={(payload) => run.mutateAsync({ base: itinerary.data.revision, ops: [{ type: "add_event", payload }] })}
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
            onSubmit={(ops, base) => run.mutate({ base: base ?? editing.base, ops }, { onSuccess: () => setEditing(null) })}
          />
        )}
      </Dialog>
    </>
  );
}
