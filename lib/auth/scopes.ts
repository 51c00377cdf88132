export const API_KEY_SCOPES = [
  "read",
  "write",
  "delete",
  "weather:read",
  "weather:timeline",
  "weather:route",
  "weather:watch",
  "weather:webhooks",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  read: "Read trips and itinerary events (/api)",
  write: "Create and change itinerary events (/api)",
  delete: "Delete itinerary events (/api)",
  "weather:read": "Current weather, forecasts and health",
  "weather:timeline": "Timeline risk analysis",
  "weather:route": "Route risk analysis",
  "weather:watch": "Create, read and cancel watches",
  "weather:webhooks": "Manage webhook endpoints and read delivery attempts",
};
