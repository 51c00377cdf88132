import ical from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { DateTime } from "luxon";
import type { Itinerary } from "./read-itinerary";

/**
 * The itinerary as an iCalendar feed. Each event keeps its own IANA zone
 * (DTSTART;TZID=…) with a VTIMEZONE definition, so calendar apps show local
 * times correctly across DST changes.
 */
export function itineraryToIcal(it: Itinerary, tripName: string): string {
  // No calendar-level zone name: ical-generator formats DTSTAMP/LAST-MODIFIED in the
  // calendar zone without a trailing Z, but RFC 5545 (3.8.7.2/3.8.7.3) requires UTC.
  // The generator still emits a VTIMEZONE for every event's TZID; the trip's zone is
  // kept as the de-facto X-WR-TIMEZONE hint for calendar apps.
  const cal = ical({
    name: tripName,
    prodId: { company: "weather-trips-platform", product: "itinerary" },
    x: { "X-WR-TIMEZONE": it.time_zone },
  });
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  for (const e of it.events) {
    const start = DateTime.fromISO(e.startDateTime, { setZone: true }).setZone(e.timeZone);
    const end = e.endDateTime ? DateTime.fromISO(e.endDateTime, { setZone: true }).setZone(e.timeZone) : start;
    const details = [
      e.type === "flight" ? [e.airline, e.flightNumber, e.departureAirport && `${e.departureAirport} → ${e.arrivalAirport ?? "?"}`].filter(Boolean).join(" ") : null,
      e.type === "accommodation" ? [e.subtype, e.address, e.confirmationNumber && `Confirmation ${e.confirmationNumber}`].filter(Boolean).join(", ") : null,
      e.cost != null ? `Cost: ${e.cost}` : null,
      e.notes,
    ].filter((x): x is string => Boolean(x));
    cal.createEvent({
      id: `trip-${it.trip_id}-event-${e.id}@weather-trips-platform`,
      start,
      end,
      timezone: e.timeZone,
      summary: e.title,
      location: e.location ?? e.address ?? undefined,
      description: details.join("\n") || undefined,
      lastModified: new Date(e.updatedAt),
      stamp: new Date(e.updatedAt),
    });
  }
  return cal.toString();
}
