import { DateTime, IANAZone } from "luxon";

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

export const HAS_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** A YYYY-MM-DD date whose year the database can hold wherever a zone puts its times (1000-9998). */
export function isSupportedDate(d: string): boolean {
  const year = Number(d.slice(0, 4));
  return year >= 1000 && year <= 9998;
}

/** An ISO 8601 date-time, with an offset or (local) without one. */
export function isIsoDateTime(s: string): boolean {
  // Years 1000-9998: Postgres rejects year 0 and postgres-js cannot send years past 9999, and no
  // offset or zone can push a time in this range outside them (a 500 at insert otherwise).
  return ISO_DATETIME.test(s) && isSupportedDate(s) && DateTime.fromISO(s, { setZone: true }).isValid;
}

/**
 * Instant of an ISO date-time. With an offset the offset wins; without one the
 * wall-clock time is read in `zone` (the event's, else the trip's).
 */
export function toInstant(s: string, zone: string): Date {
  const dt = HAS_OFFSET.test(s) ? DateTime.fromISO(s, { setZone: true }) : DateTime.fromISO(s, { zone });
  return dt.toJSDate();
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-05-01T09:00:00+02:00. */
export function formatInZone(d: Date, zone: string): string {
  return DateTime.fromJSDate(d, { zone }).toISO({ suppressMilliseconds: true })!;
}

/** Local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(d: Date, zone: string): string {
  return DateTime.fromJSDate(d, { zone }).toISODate()!;
}

/** The instant of a wall-clock date and time in a zone (DST gaps move forward). */
export function wallClock(date: string, time: string, zone: string): Date | null {
  const dt = DateTime.fromISO(`${date}T${time}`, { zone });
  return dt.isValid ? dt.toJSDate() : null;
}
