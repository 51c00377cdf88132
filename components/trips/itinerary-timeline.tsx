"use client";
import { useState, type DragEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { dateTimeIn, dayHeading, localDay, money, timeIn } from "./time-format";
import type { Itinerary, TripEvent } from "./types";
import { RiskBadge, type EventWeather } from "./weather-parts";

export const TYPE_LABEL: Record<string, string> = {
  flight: "Flight",
  train: "Train",
  ferry: "Ferry",
  bus: "Bus",
  accommodation: "Stay",
  activity: "Activity",
  food: "Food",
  local_transit: "Transit",
  free_block: "Free time",
};

/** A day's order with `id` moved to `to` (an index in the day). */
export function moveWithin(ids: number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * Day-by-day timeline: days in the trip's zone, each time in its event's own zone.
 * With `onReorder`, an event can be dragged to another place in its day, or moved
 * with its "earlier"/"later" buttons (the keyboard path); both send a `reorder` op.
 */
export function ItineraryTimeline({
  itinerary,
  onEdit,
  onReorder,
  formatCost = money,
  weatherOf,
}: {
  itinerary: Itinerary;
  /** Each event's forecast and risk (trip weather), when loaded. */
  weatherOf?: (eventId: number) => EventWeather | undefined;
  onEdit?: (e: TripEvent) => void;
  onReorder?: (day: string, ids: number[], moved: TripEvent) => void;
  formatCost?: (n: number | null | undefined) => string | null;
}) {
  const [dragging, setDragging] = useState<{ id: number; day: string } | null>(null);
  if (itinerary.events.length === 0) {
    return (
      <EmptyState
        title="Nothing planned yet"
        description="Accept a proposal or add events through the API to fill the itinerary."
      />
    );
  }
  const days = new Map<string, TripEvent[]>();
  for (const e of itinerary.events) {
    const d = localDay(e.startDateTime, itinerary.time_zone);
    days.set(d, [...(days.get(d) ?? []), e]);
  }
  const stays = staysByDay(itinerary);
  for (const d of stays.keys()) if (!days.has(d)) days.set(d, []);
  const ordered = [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  return (
    <ol className="space-y-8" aria-label="Itinerary">
      {ordered.map(([day, events]) => {
        const total = events.reduce((s, e) => s + (e.cost ?? 0), 0);
        return (
          <li key={day}>
            <h3 className="mb-3 flex items-baseline justify-between border-b border-slate-200 pb-1 text-sm font-semibold text-slate-900">
              <span>{dayHeading(day)}</span>
              {total > 0 && <span className="text-xs font-normal text-slate-700">Day cost {formatCost(total)}</span>}
            </h3>
            {(stays.get(day) ?? []).map((s) => (
              <p
                key={s.id}
                className="mb-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm text-slate-700"
                data-testid="stay-continues"
              >
                Staying at <span className="font-medium">{s.title}</span>
                {s.endDateTime && localDay(s.endDateTime, itinerary.time_zone) === day
                  ? ` · check-out ${timeIn(s.endDateTime, s.timeZone)}`
                  : ""}
              </p>
            ))}
            <ol className="space-y-3">
              {events.map((e, i) => {
                const ids = events.map((x) => x.id);
                const move =
                  onReorder && events.length > 1
                    ? (to: number) => onReorder(day, moveWithin(ids, e.id, to), e)
                    : undefined;
                const drag =
                  onReorder && events.length > 1
                    ? {
                        draggable: true,
                        onDragStart: (ev: DragEvent) => {
                          ev.dataTransfer.effectAllowed = "move";
                          ev.dataTransfer.setData("text/plain", String(e.id));
                          setDragging({ id: e.id, day });
                        },
                        onDragEnd: () => setDragging(null),
                        onDragOver: (ev: DragEvent) => {
                          if (dragging?.day === day && dragging.id !== e.id) ev.preventDefault();
                        },
                        onDrop: (ev: DragEvent) => {
                          ev.preventDefault();
                          const moved = events.find((x) => x.id === dragging?.id);
                          setDragging(null);
                          if (!moved || moved.id === e.id) return;
                          onReorder(day, moveWithin(ids, moved.id, i), moved);
                        },
                      }
                    : undefined;
                return (
                  <EventCard
                    key={e.id}
                    event={e}
                    weather={weatherOf?.(e.id)}
                    onEdit={onEdit}
                    formatCost={formatCost}
                    drag={drag}
                    isDragging={dragging?.id === e.id}
                    onEarlier={move && i > 0 ? () => move(i - 1) : undefined}
                    onLater={move && i < events.length - 1 ? () => move(i + 1) : undefined}
                  />
                );
              })}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}

/** The days after check-in that a stay covers (up to its check-out day), in the trip's zone. */
export function staysByDay(itinerary: Itinerary): Map<string, TripEvent[]> {
  const out = new Map<string, TripEvent[]>();
  for (const e of itinerary.events) {
    if (e.type !== "accommodation" || !e.endDateTime) continue;
    const first = localDay(e.startDateTime, itinerary.time_zone);
    const last = localDay(e.endDateTime, itinerary.time_zone);
    // Calendar days as UTC noon steps (no zone arithmetic needed); bounded to two months.
    for (let d = new Date(`${first}T12:00:00Z`), n = 0; n < 62; n++) {
      d = new Date(d.getTime() + 86_400_000);
      const day = d.toISOString().slice(0, 10);
      if (day > last) break;
      out.set(day, [...(out.get(day) ?? []), e]);
    }
  }
  return out;
}

interface DragProps {
  draggable: boolean;
  onDragStart: (ev: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (ev: DragEvent) => void;
  onDrop: (ev: DragEvent) => void;
}

function EventCard({
  event: e,
  weather,
  onEdit,
  formatCost,
  drag,
  isDragging,
  onEarlier,
  onLater,
}: {
  event: TripEvent;
  weather?: EventWeather;
  onEdit?: (e: TripEvent) => void;
  formatCost: (n: number | null | undefined) => string | null;
  drag?: DragProps;
  isDragging?: boolean;
  onEarlier?: () => void;
  onLater?: () => void;
}) {
  return (
    // Phones: time on its own line above the details (a side column squeezes titles); sm+: three columns.
    <li
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[7rem_minmax(0,1fr)_auto] ${drag ? "cursor-grab" : ""} ${isDragging ? "opacity-50" : ""}`}
      data-testid="itinerary-event"
      data-event-id={e.id}
      {...drag}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700 sm:block">
        <div className="font-medium">{timeIn(e.startDateTime, e.timeZone)}</div>
        {e.endDateTime && (
          <div className="text-xs text-slate-500">
            {e.type === "accommodation" ? "until " : "to "}
            {e.type === "accommodation" ||
            localDay(e.endDateTime, e.arrivalTimeZone ?? e.timeZone) !== localDay(e.startDateTime, e.timeZone)
              ? dateTimeIn(e.endDateTime, e.arrivalTimeZone ?? e.timeZone)
              : timeIn(e.endDateTime, e.arrivalTimeZone ?? e.timeZone)}
          </div>
        )}
      </div>
      <div className="col-start-1 row-start-2 min-w-0 space-y-1 sm:col-start-2 sm:row-start-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{TYPE_LABEL[e.type] ?? e.type}</Badge>
          <span className="font-medium text-slate-900">{e.title}</span>
          {e.fixed && <Badge tone="neutral">Fixed</Badge>}
          {weather && <RiskBadge weather={weather} />}
        </div>
        {(e.type === "train" || e.type === "ferry" || e.type === "bus") && (
          <p className="text-sm text-slate-600">
            {e.geo?.name ?? e.location ?? "?"} → {e.arrivalGeo?.name ?? e.arrivalLocation ?? "?"}
          </p>
        )}
        {e.type === "flight" && (
          <p className="text-sm text-slate-600">
            {[e.airline, e.flightNumber].filter(Boolean).join(" ")}{" "}
            {e.departureAirport && `${e.departureAirport} → ${e.arrivalAirport ?? "?"}`}
            {e.bookingReference && <span className="ml-2 text-xs text-slate-500">Booking {e.bookingReference}</span>}
          </p>
        )}
        {e.type === "accommodation" && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-600">
            {(e.subtype || e.address) && <span>{[e.subtype, e.address].filter(Boolean).join(" · ")}</span>}
            {(e.checkInTime || e.checkOutTime) && (
              <span className="text-xs text-slate-500">
                Check-in {e.checkInTime ?? "—"}, check-out {e.checkOutTime ?? "—"}
              </span>
            )}
            {e.confirmationNumber && (
              <span className="text-xs text-slate-500">Confirmation {e.confirmationNumber}</span>
            )}
          </p>
        )}
        {e.location && <p className="text-sm text-slate-600">{e.location}</p>}
        {e.notes && <p className="text-sm whitespace-pre-line text-slate-500">{e.notes}</p>}
      </div>
      <div className="col-start-2 row-span-2 row-start-1 flex flex-col items-end gap-2 sm:col-start-3 sm:row-span-1">
        {e.cost != null && <span className="text-sm font-medium text-slate-800">{formatCost(e.cost)}</span>}
        {onEdit && (
          <Button variant="secondary" size="sm" onClick={() => onEdit(e)} aria-label={`Edit ${e.title}`}>
            Edit
          </Button>
        )}
        {(onEarlier || onLater) && (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={onEarlier}
              disabled={!onEarlier}
              aria-label={`Move ${e.title} earlier in the day`}
              title="Move earlier"
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={onLater}
              disabled={!onLater}
              aria-label={`Move ${e.title} later in the day`}
              title="Move later"
            >
              ↓
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
