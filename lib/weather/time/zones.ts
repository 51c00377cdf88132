import tzLookup from "@photostructure/tz-lookup";
import { DateTime } from "luxon";

/** IANA time zone of a coordinate (offline lookup; DST handled by luxon/Intl). */
export function timezoneAt(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return "UTC";
  }
}

export function isValidZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/**
 * Local wall time without offset ("2026-10-03T07:36") in `zone` -> ISO UTC.
 * Falls back to a fixed offset (seconds) when the zone name is unknown.
 */
export function localToUtcIso(local: string, zone: string, fallbackOffsetSeconds = 0): string | null {
  const z = isValidZone(zone) ? zone : fixedZone(fallbackOffsetSeconds);
  const dt = DateTime.fromISO(local, { zone: z });
  return dt.isValid ? dt.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

export function fixedZone(offsetSeconds: number): string {
  const m = Math.round(offsetSeconds / 60);
  if (m === 0) return "UTC";
  const sign = m > 0 ? "+" : "-";
  const a = Math.abs(m);
  return `UTC${sign}${Math.floor(a / 60)}${a % 60 ? `:${String(a % 60).padStart(2, "0")}` : ""}`;
}

/** ISO instant -> ISO 8601 with the zone's offset at that instant (e.g. 2026-03-29T07:12:00+02:00). */
export function toLocalIso(iso: string | null, zone: string): string | null {
  if (!iso) return null;
  const dt = DateTime.fromISO(iso, { zone: "utc" }).setZone(zone);
  return dt.isValid ? dt.toISO({ suppressMilliseconds: true }) : null;
}

/** Local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date | string, zone: string): string {
  const dt = typeof at === "string" ? DateTime.fromISO(at, { zone: "utc" }) : DateTime.fromJSDate(at);
  return dt.setZone(zone).toISODate() ?? "";
}
