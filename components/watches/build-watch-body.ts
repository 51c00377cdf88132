/** Form state of the create-watch form and its translation into the API body. */
export interface WatchFormState {
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
    webhook_url: f.webhookUrl.trim(),
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
  if (f.targetType === "place" && f.placeId.trim()) body.target_ref = { place_id: f.placeId.trim() };
  if (f.targetType === "timeline_item") body.target_ref = { item_id: ref(f.itemId), ...(f.tripId.trim() ? { trip_id: ref(f.tripId) } : {}) };
  if (f.targetType === "trip") body.target_ref = { trip_id: ref(f.tripId) };
  if (f.targetType === "route_window") {
    body.target_ref = { origin: { lat: num(f.originLat), lng: num(f.originLng) }, destination: { lat: num(f.destLat), lng: num(f.destLng) } };
  }
  return body;
}
