/** One description per OpenAPI tag (area); a new area adds its line here. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Platform: "Liveness and health of the service.",
  Accounts: "Sign-up of developer accounts.",
  "Developer keys": "API keys (`svc_…`) with scopes, expiry and revocation.",
  "Access tokens": "Trip access tokens (`sat_…`) for the trips API.",
  Usage: "Metered usage of the current month and per day, against the plan's caps.",
  Weather: "Current weather, forecasts, timeline and route risk (metered; `weather` envelope).",
  Watches: "Weather watches: monitored windows that deliver signed events.",
  Webhooks: "Registered HTTPS endpoints, delivery attempts, test events and redelivery.",
  "Webhook events": "What our deliveries POST to your endpoint: one entry per event type, signed (see the headers).",
  Visa: "Visa requirements by passport and destination (`X-Visa-Intel-Key`).",
  "Visa keys": "Keys for the visa API, with an hourly quota.",
  Trips: "Trips, members, itinerary, revision-checked operations and agent proposals.",
  "Itinerary events": "Itinerary events of a trip (API-key or session access).",
  "Trip proposals": "Agent proposals with options to accept or reject.",
};
