/** webhook_url checks at creation (the webhooks area's SSRF rules) and the outdoor default. */
import { ApiError } from "@/lib/http/errors";
import { urlProblem } from "@/lib/webhooks/ssrf";

/** Refuses http://, credentials and literal internal addresses before anything is stored. */
export async function assertWebhookUrlAllowed(url: string): Promise<void> {
  const problem = urlProblem(url);
  if (problem) {
    throw new ApiError("bad_request", `Invalid webhook_url: it ${problem}.`, { details: { location: "body", field: "webhook_url" } });
  }
}

// Activity types whose canonical profile is indoors (spec "Timeline item" list).
const INDOOR_ACTIVITIES = new Set(["museum", "shopping", "dining", "train", "airport_transfer", "driving"]);

export function defaultOutdoor(activityType: string): boolean {
  return !INDOOR_ACTIVITIES.has(activityType.trim().toLowerCase());
}

