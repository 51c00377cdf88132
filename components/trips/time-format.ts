/** Times shown in the event's own zone; days grouped in the trip's zone. */

export function localDay(iso: string, zone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );
}

export function dayHeading(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat(undefined, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(d);
}

export function timeIn(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  }).format(new Date(iso));
}

export function dateTimeIn(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** A cost in the trip's ISO 4217 currency (Intl.NumberFormat); a plain number when the code is unknown to the browser. */
export function moneyIn(currency: string | undefined): (n: number | null | undefined) => string | null {
  if (!currency) return money;
  let f: Intl.NumberFormat;
  try {
    f = new Intl.NumberFormat(undefined, { style: "currency", currency });
  } catch {
    return money;
  }
  return (n) => (n == null ? null : f.format(n));
}

export function money(n: number | null | undefined): string | null {
  return n == null
    ? null
    : new Intl.NumberFormat(undefined, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(n);
}
