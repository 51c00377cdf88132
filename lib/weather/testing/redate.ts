/**
 * Test-only: moves a recorded Open-Meteo response in time, values untouched. Every local time
 * string in `current.time`, `minutely_15.time`, `hourly.time` and `daily.time` is shifted by the same
 * whole number of hours, chosen so that the first hourly step starts at `firstHourUtcMs`. Recorded
 * responses are from a fixed day; the endpoints judge "now" and the next hours.
 */
export function redateOpenMeteo(text: string, firstHourUtcMs: number): string {
  const body = JSON.parse(text) as Record<string, any>;
  const offsetMs = (body.utc_offset_seconds ?? 0) * 1000;
  const first = Date.parse(`${body.hourly.time[0]}Z`) - offsetMs;
  const shift = Math.round((firstHourUtcMs - first) / 3_600_000) * 3_600_000;
  const move = (t: string) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(t);
    const ms = Date.parse(dateOnly ? `${t}T00:00Z` : `${t}Z`) + shift;
    const iso = new Date(ms).toISOString();
    return dateOnly ? iso.slice(0, 10) : iso.slice(0, 16);
  };
  if (body.current?.time) body.current.time = move(body.current.time);
  for (const block of ["minutely_15", "hourly", "daily"])
    if (Array.isArray(body[block]?.time)) body[block].time = body[block].time.map(move);
  return JSON.stringify(body);
}

/**
 * Test-only: moves every ISO 8601 instant with a zone (CAP and Atom times: `2022-12-07T06:01:26+01:00`,
 * `…Z`) in a recorded XML or JSON text by the same amount, so `anchorIso` lands on `targetMs`.
 * Written back in UTC (`+00:00`); the instants keep their distances.
 */
export function redateInstants(text: string, anchorIso: string, targetMs: number): string {
  const shift = targetMs - Date.parse(anchorIso);
  return text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, (t) =>
    new Date(Date.parse(t) + shift).toISOString().replace(/\.\d{3}Z$/, "+00:00"),
  );
}
