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
// Keyed by number within a zone: a lookup builds no string.
const offsetMemo = new Map<string, Map<number, number>>();
const OFFSET_SLOT_MS = 15 * 60_000;

/** The memo of one zone, made on first use (the number of zones kept is bounded). */
function zoneMemo<V>(memo: Map<string, Map<number, V>>, zone: string, maxEntries: number): Map<number, V> {
  let m = memo.get(zone);
  if (!m) {
    if (memo.size > 1_000) memo.clear();
    m = new Map();
    memo.set(zone, m);
  } else if (m.size > maxEntries) m.clear();
  return m;
}

/** UTC offset in minutes of `zone` at instant `ms` (NaN for an unknown zone). */
export function offsetMinutes(zone: string, ms: number): number {
  const slots = zoneMemo(offsetMemo, zone, 50_000);
  const slot = Math.floor(ms / OFFSET_SLOT_MS);
  let v = slots.get(slot);
  if (v === undefined) {
    const z = IANAZone.create(zone);
    v = z.isValid ? z.offset(ms) : NaN;
    slots.set(slot, v);
  }
  return v;
}

const localIsoMemo = new Map<string, Map<number, string | null>>();

/**
 * Epoch milliseconds -> ISO 8601 with the zone's offset at that instant
 * (e.g. 2026-03-29T07:12:00+02:00); null for an unknown zone. Takes a number, not a Date:
 * under `next start` every Date is made by Next's wrapped constructor, which makes creating
 * one and reading it back several times slower (docs/decisions/0001-runtime-tuning.md).
 */
export function localIsoAt(ms: number, zone: string): string | null {
  const byMs = zoneMemo(localIsoMemo, zone, 20_000);
  let out = byMs.get(ms);
  if (out === undefined) {
    out = formatLocalIso(ms, zone);
    byMs.set(ms, out);
  }
  return out;
}

/** ISO instant -> ISO 8601 with the zone's offset at that instant (e.g. 2026-03-29T07:12:00+02:00). */
export function toLocalIso(iso: string, zone: string): string;
export function toLocalIso(iso: string | null, zone: string): string | null;
export function toLocalIso(iso: string | null, zone: string): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : localIsoAt(ms, zone);
}

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

function formatLocalIso(ms: number, zone: string): string | null {
  if (!Number.isFinite(ms)) return null;
  const off = offsetMinutes(zone, ms);
  if (Number.isNaN(off)) return null;
  const body = wallClockIso(ms + off * 60_000);
  if (off === 0) return `${body}+00:00`;
  const a = Math.abs(off);
  return `${body}${off > 0 ? "+" : "-"}${pad2(Math.floor(a / 60))}:${pad2(a % 60)}`;
}

/**
 * "YYYY-MM-DDTHH:MM:SS" (".mmm" added when the milliseconds are not zero) of epoch ms, by
 * arithmetic (the days-to-civil algorithm of H. Hinnant) instead of a Date; years outside
 * 0000-9999 (which ISO writes with a sign) go through Date.
 */
function wallClockIso(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const inDay = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const milli = inDay % 1000;
  if (y < 0 || y > 9999) {
    const iso = new Date(ms).toISOString();
    return milli === 0 ? iso.slice(0, -5) : iso.slice(0, -1);
  }
  const sec = Math.floor(inDay / 1000);
  const hms = `${pad2(Math.floor(sec / 3600))}:${pad2(Math.floor(sec / 60) % 60)}:${pad2(sec % 60)}`;
  const date = `${String(y).padStart(4, "0")}-${pad2(m)}-${pad2(d)}T${hms}`;
  return milli === 0 ? date : `${date}.${String(milli).padStart(3, "0")}`;
}

/** Local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date | string, zone: string): string {
  const dt = typeof at === "string" ? DateTime.fromISO(at, { zone: "utc" }) : DateTime.fromJSDate(at);
  return dt.setZone(zone).toISODate() ?? "";
}
