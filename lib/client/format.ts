/** Display helpers for timestamps in client components (the viewer's locale and zone). */

const DATE = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function formatDate(iso: string | null | undefined, fallback = "—"): string {
  return iso ? DATE.format(new Date(iso)) : fallback;
}

export function formatDateTime(iso: string | null | undefined, fallback = "—"): string {
  return iso ? DATE_TIME.format(new Date(iso)) : fallback;
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 minutes ago", "in 2 days"; "just now" under a minute. */
export function formatRelative(iso: string | null | undefined, now = Date.now(), fallback = "Never"): string {
  if (!iso) return fallback;
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of STEPS) {
    if (Math.abs(diff) >= ms) return RELATIVE.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

export function isPast(iso: string | null | undefined, now = Date.now()): boolean {
  return !!iso && new Date(iso).getTime() <= now;
}

/** ISO timestamp for "N days from now", or for the start of a chosen local date (yyyy-mm-dd). */
export function expiryFromChoice(choice: string, customDate: string, now = Date.now()): string | null | "invalid" {
  if (choice === "never") return null;
  if (choice === "custom") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(customDate)) return "invalid";
    const d = new Date(`${customDate}T00:00:00`);
    return Number.isNaN(d.getTime()) ? "invalid" : d.toISOString();
  }
  const days = Number(choice);
  return new Date(now + days * 86_400_000).toISOString();
}
