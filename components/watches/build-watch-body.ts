import ngeohash from "ngeohash";

/** Form state of the create-watch form and its translation into the API body. */
export interface WatchFormState {
  /** The chosen place's name (from the search list), kept in target_ref.name. */
  placeName: string;
  targetType: string;
  placeId: string;
  itemId: string;
  tripId: string;
  originLat: string;
  originLng: string;
  destLat: string;
  destLng: string;
  lat: string;
  lng: string;
  placeType: string;
  activityType: string;
  transportMode: string;
  outdoor: "default" | "outdoor" | "indoor";
  startsAt: string;
  endsAt: string;
  webhookUrl: string;
  /** A registered endpoint to deliver through ("" = the URL above). */
  webhookId: string;
  precipitation: string;
  temperature: string;
  wind: string;
  uv: string;
  detectSevere: boolean;
  detectRisk: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Value for <input type="datetime-local"> in the browser's zone. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function initialWatchForm(now = new Date()): WatchFormState {
  const start = new Date(now.getTime() + 24 * 3600_000);
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 4 * 3600_000);
  return {
    targetType: "place",
    placeName: "",
    placeId: "",
    itemId: "",
    tripId: "",
    originLat: "",
    originLng: "",
    destLat: "",
    destLng: "",
    lat: "",
    lng: "",
    placeType: "point",
    activityType: "walking_tour",
    transportMode: "",
    outdoor: "default",
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(end),
    webhookUrl: "",
    webhookId: "",
    precipitation: "30",
    temperature: "5",
    wind: "20",
    uv: "3",
    detectSevere: true,
    detectRisk: true,
  };
}

const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));
const ref = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s) : s.trim());

/** The POST /v1/weather/watch body; the server validates everything again. */
export function buildWatchBody(f: WatchFormState): Record<string, unknown> {
  const body: Record<string, unknown> = {
    target_type: f.targetType,
    latitude: num(f.lat),
    longitude: num(f.lng),
    place_type: f.placeType.trim() || "point",
    activity_type: f.activityType,
    starts_at: f.startsAt ? new Date(f.startsAt).toISOString() : "",
    ends_at: f.endsAt ? new Date(f.endsAt).toISOString() : "",
    ...(f.webhookId ? { webhook_id: f.webhookId } : { webhook_url: f.webhookUrl.trim() }),
    change_rules: {
      precipitation_probability_delta: num(f.precipitation),
      temperature_c_delta: num(f.temperature),
      wind_kph_delta: num(f.wind),
      uv_index_delta: num(f.uv),
      detect_severe_alerts: f.detectSevere,
      detect_risk_level_change: f.detectRisk,
    },
  };
  if (f.transportMode) body.transport_mode = f.transportMode;
  if (f.outdoor !== "default") body.outdoor = f.outdoor === "outdoor";
  if (f.targetType === "place" && (f.placeId.trim() || f.placeName.trim())) {
    const la = num(f.lat);
    const ln = num(f.lng);
    // Same default id as the server (geo:<geohash-7>) so a named place and an unnamed one compare equal.
    const fallback = Number.isFinite(la) && Number.isFinite(ln) ? `geo:${ngeohash.encode(la, ln, 7)}` : "";
    body.target_ref = {
      place_id: f.placeId.trim() || fallback,
      ...(f.placeName.trim() ? { name: f.placeName.trim() } : {}),
    };
  }
  if (f.targetType === "timeline_item")
    body.target_ref = { item_id: ref(f.itemId), ...(f.tripId.trim() ? { trip_id: ref(f.tripId) } : {}) };
  if (f.targetType === "trip") body.target_ref = { trip_id: ref(f.tripId) };
  if (f.targetType === "route_window") {
    body.target_ref = {
      origin: { lat: num(f.originLat), lng: num(f.originLng) },
      destination: { lat: num(f.destLat), lng: num(f.destLng) },
    };
  }
  return body;
}

/** Checks the browser can do before sending: every missing or malformed field at once. */
export function checkWatchForm(f: WatchFormState): Record<string, string> {
  const e: Record<string, string> = {};
  const la = num(f.lat);
  const ln = num(f.lng);
  if (f.lat.trim() === "") e.lat = "Choose a place: search, click the map, or type the latitude.";
  else if (!Number.isFinite(la) || Math.abs(la) > 90) e.lat = "Latitude is a number from -90 to 90.";
  if (f.lng.trim() === "") e.lng = "Type the longitude, or pick a place.";
  else if (!Number.isFinite(ln) || Math.abs(ln) > 180) e.lng = "Longitude is a number from -180 to 180.";
  if (!f.startsAt) e.startsAt = "Choose when the watch starts.";
  if (!f.endsAt) e.endsAt = "Choose when the watch ends.";
  else if (f.startsAt && new Date(f.endsAt) <= new Date(f.startsAt)) e.endsAt = "The end must be after the start.";
  if (f.webhookId) {
    // A registered endpoint: nothing to check here (the server checks it is active and subscribed).
  } else if (!f.webhookUrl.trim()) e.webhookUrl = "Enter the HTTPS URL that receives the events.";
  else if (!/^https:\/\/\S+$/i.test(f.webhookUrl.trim())) e.webhookUrl = "Use a full https:// URL.";
  if (f.targetType === "timeline_item" && !f.itemId.trim()) e.itemId = "Enter the timeline item id.";
  if (f.targetType === "trip" && !f.tripId.trim()) e.tripId = "Enter the trip id.";
  if (f.targetType === "route_window" && f.transportMode === "")
    e.transportMode = "A route window needs a transport mode.";
  for (const k of ["precipitation", "temperature", "wind", "uv"] as const)
    if (f[k].trim() !== "" && !Number.isFinite(num(f[k]))) e[k] = "Enter a number.";
  return e;
}

/** API paths of POST /v1/weather/watch → this form's fields (for server-side errors). */
export const WATCH_FIELD_MAP: Record<string, string> = {
  latitude: "lat",
  longitude: "lng",
  starts_at: "startsAt",
  ends_at: "endsAt",
  webhook_url: "webhookUrl",
  webhook_id: "webhookId",
  target_type: "targetType",
  place_type: "placeType",
  activity_type: "activityType",
  transport_mode: "transportMode",
  "change_rules.precipitation_probability_delta": "precipitation",
  "change_rules.temperature_c_delta": "temperature",
  "change_rules.wind_kph_delta": "wind",
  "change_rules.uv_index_delta": "uv",
  "target_ref.place_id": "placeId",
  "target_ref.item_id": "itemId",
  "target_ref.trip_id": "tripId",
};
