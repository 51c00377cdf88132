import tzLookup from "@photostructure/tz-lookup";
import { DateTime, IANAZone } from "luxon";

/** IANA time zone of a coordinate (offline lookup; DST handled by luxon/Intl). */
export function timezoneAt(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return "UTC";
  }
}

const zoneValidity = new Map<string, boolean>();

export function isValidZone(zone: string): boolean {
  let ok = zoneValidity.get(zone);
  if (ok === undefined) {
    ok = IANAZone.isValidZone(zone);
    if (zoneValidity.size < 10_000) zoneValidity.set(zone, ok);
  }
  return ok;
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

// Offsets from luxon (IANA rules via Intl), memoised per zone and 15-minute slot: DST
// transitions fall on slot boundaries, and formatting hundreds of items must stay cheap.
const offsetMemo = new Map<string, number>();
const OFFSET_SLOT_MS = 15 * 60_000;

/** UTC offset in minutes of `zone` at instant `ms` (NaN for an unknown zone). */
export function offsetMinutes(zone: string, ms: number): number {
  const key = `${zone}|${Math.floor(ms / OFFSET_SLOT_MS)}`;
  let v = offsetMemo.get(key);
  if (v === undefined) {
    const z = IANAZone.create(zone);
    v = z.isValid ? z.offset(ms) : NaN;
    if (offsetMemo.size > 50_000) offsetMemo.clear();
    offsetMemo.set(key, v);
  }
  return v;
}

const localIsoMemo = new Map<string, string | null>();

/** ISO instant -> ISO 8601 with the zone's offset at that instant (e.g. 2026-03-29T07:12:00+02:00). */
export function toLocalIso(iso: string, zone: string): string;
export function toLocalIso(iso: string | null, zone: string): string | null;
export function toLocalIso(iso: string | null, zone: string): string | null {
  if (!iso) return null;
  const key = `${zone}|${iso}`;
  const hit = localIsoMemo.get(key);
  if (hit !== undefined) return hit;
  const out = formatLocalIso(iso, zone);
  if (localIsoMemo.size > 20_000) localIsoMemo.clear();
  localIsoMemo.set(key, out);
  return out;
}

function formatLocalIso(iso: string, zone: string): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const off = offsetMinutes(zone, ms);
  if (Number.isNaN(off)) return null;
  const local = new Date(ms + off * 60_000).toISOString();
  const body = ms % 1000 === 0 ? local.slice(0, 19) : local.slice(0, 23);
  if (off === 0) return `${body}+00:00`;
  const a = Math.abs(off);
  return `${body}${off > 0 ? "+" : "-"}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}

/** Local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date | string, zone: string): string {
  const dt = typeof at === "string" ? DateTime.fromISO(at, { zone: "utc" }) : DateTime.fromJSDate(at);
  return dt.setZone(zone).toISODate() ?? "";
}
