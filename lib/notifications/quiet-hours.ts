import { DateTime } from "luxon";
import type { NotificationDelivery, NotificationMode } from "@/drizzle/schema";

/** What delivery needs of a member's settings (the defaults when they never saved any). */
export interface DeliverySettings {
  mode: NotificationMode;
  /** Minutes of the day in `timeZone`; start > end spans midnight; both null = no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
}

export const DEFAULT_SETTINGS: DeliverySettings = {
  mode: "immediate",
  quietStart: null,
  quietEnd: null,
  timeZone: "UTC",
};

/** The daily digest goes out at the end of the quiet hours, or at 08:00 in the member's zone without them. */
export const DIGEST_MINUTE = 8 * 60;

function local(now: Date, zone: string): DateTime {
  const d = DateTime.fromJSDate(now, { zone });
  // An unknown zone (settings are validated, so only a zone the runtime dropped) reads as UTC.
  return d.isValid ? d : DateTime.fromJSDate(now, { zone: "UTC" });
}

const minuteOfDay = (d: DateTime) => d.hour * 60 + d.minute;

/** Inside the quiet hours at this instant, in the member's zone (a window across midnight included). */
export function inQuietHours(s: DeliverySettings, now: Date): boolean {
  if (s.quietStart === null || s.quietEnd === null || s.quietStart === s.quietEnd) return false;
  const m = minuteOfDay(local(now, s.timeZone));
  return s.quietStart < s.quietEnd ? m >= s.quietStart && m < s.quietEnd : m >= s.quietStart || m < s.quietEnd;
}

/**
 * The next instant strictly after `now` at which the member's wall clock reads `minute` (computed
 * on the local calendar, so a DST change in between moves the instant, not the local time).
 */
export function nextLocalMinute(now: Date, zone: string, minute: number): Date {
  const d = local(now, zone);
  let at = d.startOf("day").set({ hour: Math.floor(minute / 60), minute: minute % 60 });
  if (at <= d) at = at.plus({ days: 1 }).set({ hour: Math.floor(minute / 60), minute: minute % 60 });
  return at.toJSDate();
}

/** When a mail may go out: now, or the end of the quiet hours when now is inside them. */
export function quietAwareInstant(s: DeliverySettings, now: Date): Date {
  return inQuietHours(s, now) ? nextLocalMinute(now, s.timeZone, s.quietEnd!) : now;
}

/**
 * How a new notification reaches the member by mail, from their settings at the time it is recorded:
 * off -> inbox only; immediate -> now, or at the end of the quiet hours; digest -> the next digest
 * time (one mail a day gathers everything due by then).
 */
export function planDelivery(
  s: DeliverySettings,
  now: Date,
): { delivery: NotificationDelivery; deliverAfter: Date | null } {
  if (s.mode === "off") return { delivery: "none", deliverAfter: null };
  if (s.mode === "immediate") return { delivery: "immediate", deliverAfter: quietAwareInstant(s, now) };
  const hasQuiet = s.quietStart !== null && s.quietEnd !== null && s.quietStart !== s.quietEnd;
  return { delivery: "digest", deliverAfter: nextLocalMinute(now, s.timeZone, hasQuiet ? s.quietEnd! : DIGEST_MINUTE) };
}

/** "22:30" <-> 1350 (minutes of the day): the API speaks wall-clock times. */
export function minutesToClock(m: number | null): string | null {
  return m === null ? null : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

export function clockToMinutes(hhmm: string | null): number | null {
  if (hhmm === null) return null;
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}
