/**
 * Where and when the sandbox injection form starts (issue 32): over the account's next watch, for
 * the part of its window still ahead, so "inject with the defaults, then fire" makes that watch see
 * the change; with no watch ahead, tomorrow's daytime (09:00-18:00 local), where a new watch's
 * default window also falls. Pure: the form passes the watches it listed and the clock.
 */
export interface WatchWindow {
  status: string;
  latitude: number | null;
  longitude: number | null;
  starts_at: string;
  ends_at: string;
  target_ref?: Record<string, unknown>;
}

export interface InjectionDefaults {
  lat: string;
  lng: string;
  /** The watch's place name (`target_ref.name`), when it has one. */
  placeName: string;
  start: Date;
  end: Date;
  /** The watch the defaults follow, when there is one. */
  followsWatch: boolean;
}

const HOUR = 3_600_000;

export function injectionDefaults(watches: WatchWindow[], now: Date): InjectionDefaults {
  const ahead = watches
    .filter(
      (w) =>
        w.status === "active" &&
        w.latitude !== null &&
        w.longitude !== null &&
        Date.parse(w.ends_at) > now.getTime() + HOUR,
    )
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const next = ahead[0];
  if (next) {
    const thisHour = new Date(now);
    thisHour.setMinutes(0, 0, 0);
    const start = new Date(Math.max(Date.parse(next.starts_at), thisHour.getTime()));
    const name = next.target_ref?.name;
    return {
      lat: String(next.latitude),
      lng: String(next.longitude),
      placeName: typeof name === "string" ? name : "",
      start,
      end: new Date(Date.parse(next.ends_at)),
      followsWatch: true,
    };
  }
  const start = new Date(now);
  start.setDate(start.getDate() + 1);
  start.setHours(9, 0, 0, 0);
  return { lat: "", lng: "", placeName: "", start, end: new Date(start.getTime() + 9 * HOUR), followsWatch: false };
}
