import type { Schemas } from "@/lib/client/api-client";
/** The four playground calls and their example requests. */
export type PlaygroundEndpoint = "current" | "forecast" | "timeline" | "route";

export const ENDPOINTS: Array<{
  id: PlaygroundEndpoint;
  label: string;
  method: "GET" | "POST";
  path: string;
  units: string;
  scope: Schemas["DeveloperApiKey"]["scopes"][number];
}> = [
  {
    id: "current",
    label: "Current",
    method: "GET",
    path: "/v1/weather/current",
    units: "1 unit",
    scope: "weather:read",
  },
  {
    id: "forecast",
    label: "Forecast",
    method: "GET",
    path: "/v1/weather/forecast",
    units: "1 unit daily, 2 hourly",
    scope: "weather:read",
  },
  {
    id: "timeline",
    label: "Timeline",
    method: "POST",
    path: "/v1/weather/timeline",
    units: "2 units per item",
    scope: "weather:timeline",
  },
  {
    id: "route",
    label: "Route",
    method: "POST",
    path: "/v1/weather/route",
    units: "3 units per segment",
    scope: "weather:route",
  },
];

export interface PointQuery {
  lat: string;
  lng: string;
  units: string;
  language: string;
  activity_type: string;
  days: string;
  granularity: string;
}

export const DEFAULT_POINT: PointQuery = {
  lat: "48.8566",
  lng: "2.3522",
  units: "metric",
  language: "en",
  activity_type: "walking_tour",
  days: "3",
  granularity: "daily",
};

/** Query string of a GET call: only the fields that endpoint takes, empty ones left out. */
export function pointQueryString(endpoint: "current" | "forecast", q: PointQuery): string {
  const keys: Array<keyof PointQuery> =
    endpoint === "current"
      ? ["lat", "lng", "units", "language", "activity_type"]
      : ["lat", "lng", "days", "granularity", "units", "language"];
  const p = new URLSearchParams();
  for (const k of keys) if (q[k].trim() !== "") p.set(k, q[k].trim());
  return p.toString();
}

// Tomorrow at the given UTC hour, so the examples stay inside the forecast horizon.
function tomorrowAt(hour: number, minute = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString().replace(".000Z", "Z");
}

export function timelineExample(): string {
  return JSON.stringify(
    {
      units: "metric",
      language: "en",
      items: [
        {
          id: "louvre",
          start: tomorrowAt(8),
          end: tomorrowAt(10),
          lat: 48.8606,
          lng: 2.3376,
          activity_type: "museum",
          timezone: "Europe/Paris",
        },
        {
          id: "seine-walk",
          start: tomorrowAt(10, 30),
          end: tomorrowAt(12),
          lat: 48.8584,
          lng: 2.2945,
          activity_type: "walking_tour",
          timezone: "Europe/Paris",
        },
        {
          id: "lunch",
          start: tomorrowAt(12, 30),
          end: tomorrowAt(14),
          lat: 48.853,
          lng: 2.3499,
          activity_type: "outdoor_dining",
          timezone: "Europe/Paris",
        },
      ],
    },
    null,
    2,
  );
}

export function routeExample(): string {
  return JSON.stringify(
    {
      origin: { lat: 48.8566, lng: 2.3522 },
      destination: { lat: 49.4432, lng: 1.0999 },
      transport_mode: "car",
      start_time: tomorrowAt(7),
      units: "metric",
      language: "en",
    },
    null,
    2,
  );
}
