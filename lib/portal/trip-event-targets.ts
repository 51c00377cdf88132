/**
 * The places and windows of a trip's events that a sandbox injection can aim at (issue 42 item 5):
 * the same windows trip weather and a trip watch judge (lib/trips/trip-weather-core.ts placesOf),
 * an event at its place over its own window (its first hour without an end), a flight or other
 * leg at its departure for the hour it leaves and at its arrival for the hour it lands, a stay
 * at its check-in hour. Pure: the form passes the events it listed and the clock.
 */
export interface TripEventLike {
  id: number;
  tripId: number;
  type: string;
  title: string;
  startDateTime: string;
  endDateTime: string | null;
  geo: { lat: number; lng: number; name: string | null } | null;
  arrivalGeo?: { lat: number; lng: number; name: string | null } | null;
}

export interface EventTarget {
  /** Unique within the list: event id and role. */
  key: string;
  tripId: number;
  eventId: number;
  eventType: string;
  title: string;
  role: "event" | "departure" | "arrival";
  lat: number;
  lng: number;
  placeName: string;
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const LEGS = new Set(["flight", "train", "ferry", "bus"]);

export function eventTargets(events: TripEventLike[], now: Date): EventTarget[] {
  const out: EventTarget[] = [];
  for (const e of events) {
    const start = Date.parse(e.startDateTime);
    const end = e.endDateTime ? Date.parse(e.endDateTime) : null;
    const push = (role: EventTarget["role"], g: NonNullable<TripEventLike["geo"]>, from: number, to: number) => {
      if (to <= now.getTime()) return;
      out.push({
        key: `${e.id}:${role}`,
        tripId: e.tripId,
        eventId: e.id,
        eventType: e.type,
        title: e.title,
        role,
        lat: g.lat,
        lng: g.lng,
        placeName: g.name ?? `${g.lat.toFixed(3)}, ${g.lng.toFixed(3)}`,
        start: new Date(from),
        end: new Date(to),
      });
    };
    if (LEGS.has(e.type)) {
      if (e.geo) push("departure", e.geo, start, start + HOUR);
      const landing = end ?? start;
      if (e.arrivalGeo) push("arrival", e.arrivalGeo, landing, landing + HOUR);
      continue;
    }
    if (!e.geo) continue;
    if (e.type === "accommodation") push("event", e.geo, start, start + HOUR);
    else push("event", e.geo, start, end !== null && end > start ? end : start + HOUR);
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.key.localeCompare(b.key));
}

/**
 * The target the form starts on: the first event (not a departure or arrival hour at an airport
 * or station, not a stay's check-in) still ahead, else the first target at all; none without targets.
 */
export function defaultTarget(targets: EventTarget[]): EventTarget | null {
  return targets.find((t) => t.role === "event" && t.eventType !== "accommodation") ?? targets[0] ?? null;
}

/** "Sintra hike · Sintra" / "TP 921 · arrival · Lisbon": an option's words. */
export function targetLabel(t: EventTarget): string {
  const role = t.role === "event" ? "" : ` · ${t.role}`;
  return `${t.title}${role} · ${t.placeName}`;
}
