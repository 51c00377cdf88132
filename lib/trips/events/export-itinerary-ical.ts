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
  /** Transport ending in another zone: DTEND;TZID=<arrival zone> replaces the generator's (it has one zone per event). */
  const arrivals = new Map<string, { zone: string; local: string }>();
  for (const e of it.events) {
    const start = DateTime.fromISO(e.startDateTime, { setZone: true }).setZone(e.timeZone);
    const end = e.endDateTime ? DateTime.fromISO(e.endDateTime, { setZone: true }).setZone(e.timeZone) : start;
    const uid = `trip-${it.trip_id}-event-${e.id}@weather-trips-platform`;
    const endZone = e.arrivalTimeZone ?? e.timeZone;
    if (e.endDateTime && endZone !== e.timeZone)
      arrivals.set(uid, { zone: endZone, local: end.setZone(endZone).toFormat("yyyyMMdd'T'HHmmss") });
    const arrivalPlace = e.arrivalGeo?.name ?? e.arrivalLocation;
    const details = [
      e.type === "flight"
        ? [e.airline, e.flightNumber, e.departureAirport && `${e.departureAirport} → ${e.arrivalAirport ?? "?"}`]
            .filter(Boolean)
            .join(" ")
        : null,
      e.type !== "flight" && arrivalPlace ? `${e.geo?.name ?? e.location ?? "?"} → ${arrivalPlace}` : null,
      e.type === "accommodation" && e.endDateTime
        ? `Check-in ${start.toFormat("yyyy-MM-dd HH:mm")}, check-out ${end.toFormat("yyyy-MM-dd HH:mm")}`
        : null,
      e.type === "accommodation"
        ? [e.subtype, e.address, e.confirmationNumber && `Confirmation ${e.confirmationNumber}`]
            .filter(Boolean)
            .join(", ")
        : null,
      e.cost != null ? `Cost: ${e.cost}` : null,
      e.notes,
    ].filter((x): x is string => Boolean(x));
    cal.createEvent({
      id: uid,
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
  return withArrivalZones(cal.toString(), arrivals);
}

/** Sets each transport's DTEND in its arrival zone and adds that zone's VTIMEZONE when the calendar lacks it. */
function withArrivalZones(ics: string, arrivals: Map<string, { zone: string; local: string }>): string {
  if (arrivals.size === 0) return ics;
  const blocks = ics.split("BEGIN:VEVENT\r\n");
  const out = [blocks[0]];
  for (const block of blocks.slice(1)) {
    const uid = /\r\nUID:([^\r]*)\r\n|^UID:([^\r]*)\r\n/.exec(block);
    const a = uid ? arrivals.get(uid[1] ?? uid[2]) : undefined;
    out.push(a ? block.replace(/^DTEND[;:][^\r]*\r\n/m, `DTEND;TZID=${a.zone}:${a.local}\r\n`) : block);
  }
  let joined = out.join("BEGIN:VEVENT\r\n");
  const zones = [...new Set([...arrivals.values()].map((a) => a.zone))].filter(
    (z) => !joined.includes(`TZID:${z}\r\n`),
  );
  const definitions = zones.map((z) => getVtimezoneComponent(z)).filter((v): v is string => !!v);
  if (definitions.length) {
    const at = joined.indexOf("BEGIN:VEVENT\r\n");
    const text = definitions.map((d) => `${d.replace(/\r?\n/g, "\r\n").replace(/(\r\n)+$/, "")}\r\n`).join("");
    joined = joined.slice(0, at) + text + joined.slice(at);
  }
  return joined;
}
