"use client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { dayHeading, localDay, money, timeIn } from "./time-format";
import type { Itinerary, TripEvent } from "./types";

export const TYPE_LABEL: Record<string, string> = {
  flight: "Flight",
  train: "Train",
  accommodation: "Stay",
  activity: "Activity",
  food: "Food",
  local_transit: "Transit",
  free_block: "Free time",
};

/** Day-by-day timeline: days in the trip's zone, each time in its event's own zone. */
export function ItineraryTimeline({ itinerary, onEdit }: { itinerary: Itinerary; onEdit?: (e: TripEvent) => void }) {
  if (itinerary.events.length === 0) {
    return <EmptyState title="Nothing planned yet" description="Accept a proposal or add events through the API to fill the itinerary." />;
  }
  const days = new Map<string, TripEvent[]>();
  for (const e of itinerary.events) {
    const d = localDay(e.startDateTime, itinerary.time_zone);
    days.set(d, [...(days.get(d) ?? []), e]);
  }
  return (
    <ol className="space-y-8" aria-label="Itinerary">
      {[...days.entries()].map(([day, events]) => {
        const total = events.reduce((s, e) => s + (e.cost ?? 0), 0);
        return (
          <li key={day}>
            <h3 className="mb-3 flex items-baseline justify-between border-b border-slate-200 pb-1 text-sm font-semibold text-slate-900">
              <span>{dayHeading(day)}</span>
              {total > 0 && <span className="text-xs font-normal text-slate-500">Day cost {money(total)}</span>}
            </h3>
            <ol className="space-y-3">
              {events.map((e) => (
                <EventCard key={e.id} event={e} onEdit={onEdit} />
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}

function EventCard({ event: e, onEdit }: { event: TripEvent; onEdit?: (e: TripEvent) => void }) {
  return (
    // Phones: time on its own line above the details (a side column squeezes titles); sm+: three columns.
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
      data-testid="itinerary-event"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700 sm:block">
        <div className="font-medium">{timeIn(e.startDateTime, e.timeZone)}</div>
        {e.endDateTime && <div className="text-xs text-slate-500">to {timeIn(e.endDateTime, e.timeZone)}</div>}
      </div>
      <div className="col-start-1 row-start-2 min-w-0 space-y-1 sm:col-start-2 sm:row-start-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{TYPE_LABEL[e.type] ?? e.type}</Badge>
          <span className="font-medium text-slate-900">{e.title}</span>
        </div>
        {e.type === "flight" && (
          <p className="text-sm text-slate-600">
            {[e.airline, e.flightNumber].filter(Boolean).join(" ")} {e.departureAirport && `${e.departureAirport} → ${e.arrivalAirport ?? "?"}`}
            {e.bookingReference && <span className="ml-2 text-xs text-slate-500">Booking {e.bookingReference}</span>}
          </p>
        )}
        {e.type === "accommodation" && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600">
            {(e.subtype || e.address) && <span>{[e.subtype, e.address].filter(Boolean).join(" · ")}</span>}
            {(e.checkInTime || e.checkOutTime) && <span className="text-xs text-slate-500">Check-in {e.checkInTime ?? "—"}, check-out {e.checkOutTime ?? "—"}</span>}
            {e.confirmationNumber && <span className="text-xs text-slate-500">Confirmation {e.confirmationNumber}</span>}
          </p>
        )}
        {e.location && <p className="text-sm text-slate-600">{e.location}</p>}
        {e.notes && <p className="text-sm whitespace-pre-line text-slate-500">{e.notes}</p>}
      </div>
      <div className="col-start-2 row-span-2 row-start-1 flex flex-col items-end gap-2 sm:col-start-3 sm:row-span-1">
        {e.cost != null && <span className="text-sm font-medium text-slate-800">{money(e.cost)}</span>}
        {onEdit && (
          <Button variant="secondary" size="sm" onClick={() => onEdit(e)} aria-label={`Edit ${e.title}`}>
            Edit
          </Button>
        )}
      </div>
    </li>
  );
}
