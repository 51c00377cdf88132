/** webhook_url checks at creation (the webhooks area's SSRF rules) and the outdoor default. */
import { ApiError } from "@/lib/http/errors";
import { urlProblem } from "@/lib/webhooks/ssrf";

/** Refuses http://, credentials and literal internal addresses before anything is stored. */
export async function assertWebhookUrlAllowed(url: string): Promise<void> {
  const problem = urlProblem(url);
  if (problem) {
    throw new ApiError("bad_request", `Invalid webhook_url: it ${problem}.`, {
      details: { location: "body", field: "webhook_url" },
    });
  }
}

// Mirrors the weather core's profiles (lib/weather/core/risk/profiles.ts): which canonical
// activities and transport modes are sheltered. Unknown activities are outdoor.
const INDOOR_ACTIVITIES = new Set(["museum", "shopping", "dining", "train", "ferry", "airport_transfer", "driving"]);
const OUTDOOR_TRANSPORT = new Set(["walking", "cycling"]);

/** outdoor when the request leaves it out: the transport mode's profile wins over the activity's. */
export function defaultOutdoor(activityType: string, transportMode?: string | null): boolean {
  if (transportMode) return OUTDOOR_TRANSPORT.has(transportMode);
  return !INDOOR_ACTIVITIES.has(activityType.trim().toLowerCase());
}
