export const API_KEY_SCOPES = [
  "read",
  "write",
  "delete",
  "weather:read",
  "weather:timeline",
  "weather:route",
  "weather:watch",
  "weather:webhooks",
  "admin",
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
  admin:
    "Read the audit log and manage the account's members and invitations (/api/account); only owners and admins may mint it",
};

/** What an access token may do on trips (issue 28); every token created before them holds all three. */
export const TRIP_SCOPES = ["trips:read", "trips:propose", "trips:write"] as const;
export type TripScope = (typeof TRIP_SCOPES)[number];

export const TRIP_SCOPE_DESCRIPTIONS: Record<TripScope, string> = {
  "trips:read": "Read trips, itineraries, changes, proposals and trip weather",
  "trips:propose": "Raise proposals for a member to accept",
  "trips:write": "Apply operations, edit events, accept or reject proposals, manage trips",
};
