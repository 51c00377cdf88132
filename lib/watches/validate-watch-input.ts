import ngeohash from "ngeohash";
import type { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { zodIssues } from "@/lib/http/parse";
import type { CreateWatchInput } from "./schemas";
import { TARGET_REF_SCHEMAS } from "./schemas";

/** Longest watch window and furthest start we accept (documented in docs/watches.md). */
export const MAX_WINDOW_DAYS = 31;
export const MAX_LEAD_DAYS = 366;
const DAY = 86_400_000;

function invalid(field: string, message: string, issues?: unknown): ApiError {
  return new ApiError("bad_request", `Invalid ${field}: ${message}`, {
    details: { location: "body", field, issues: issues ?? [] },
  });
}

/** The place, activity and window of a watch on a place, timeline item or route window. */
export interface PlacedWatchFields {
  latitude: number;
  longitude: number;
  activityType: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every target but trip names its own place, activity and window (the document's per-type rules
 * say the same); planner_threshold belongs to trip watches only.
 */
export function requirePlacedFields(input: CreateWatchInput): PlacedWatchFields {
  for (const field of ["latitude", "longitude", "activity_type", "starts_at", "ends_at"] as const) {
    if (input[field] === undefined)
      throw invalid(
        field,
        `${field} is required for target_type "${input.target_type}" (only trip watches take their places from the trip's events).`,
      );
  }
  if (input.planner_threshold !== undefined)
    throw invalid("planner_threshold", "planner_threshold applies to target_type trip only.");
  return {
    latitude: input.latitude!,
    longitude: input.longitude!,
    activityType: input.activity_type!,
    startsAt: new Date(input.starts_at!),
    endsAt: new Date(input.ends_at!),
  };
}

/** target_ref per target_type; place defaults to a geohash place id. */
export function validateTargetRef(input: CreateWatchInput): Record<string, unknown> {
  const type = input.target_type;
  if (type === "place" && input.target_ref === undefined) {
    return { place_id: `geo:${ngeohash.encode(input.latitude!, input.longitude!, 7)}` };
  }
  if (input.target_ref === undefined) throw invalid("target_ref", `target_ref is required for target_type "${type}".`);
  const schema: z.ZodType = TARGET_REF_SCHEMAS[type];
  const r = schema.safeParse(input.target_ref);
  if (!r.success) {
    const issues = zodIssues(r.error);
    const first = issues[0];
    throw invalid(
      `target_ref${first?.path ? "." + first.path : ""}`,
      `${first?.message ?? "invalid"} (shape for ${type} is documented in docs/watches.md)`,
      issues,
    );
  }
  if (type === "route_window" && !input.transport_mode) {
    throw invalid("transport_mode", "transport_mode is required for target_type route_window.");
  }
  return r.data as Record<string, unknown>;
}

/** ends_at after starts_at and in the future; bounded window length and lead time. */
export function validateWindow(startsAt: Date, endsAt: Date, now: Date): void {
  if (endsAt.getTime() <= startsAt.getTime()) throw invalid("ends_at", "ends_at must be after starts_at.");
  if (endsAt.getTime() <= now.getTime())
    throw invalid("ends_at", "the watch window has already ended; ends_at must be in the future.");
  if (endsAt.getTime() - startsAt.getTime() > MAX_WINDOW_DAYS * DAY) {
    throw invalid("ends_at", `the watch window may span at most ${MAX_WINDOW_DAYS} days.`);
  }
  if (startsAt.getTime() - now.getTime() > MAX_LEAD_DAYS * DAY) {
    throw invalid("starts_at", `starts_at may be at most ${MAX_LEAD_DAYS} days ahead.`);
  }
}

/** Syntactic check: an absolute https:// URL without credentials. Address checks run separately. */
export function validateWebhookUrlSyntax(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid("webhook_url", "not an absolute URL; send an https:// URL.");
  }
  if (url.protocol !== "https:") throw invalid("webhook_url", "webhook_url must use https:// (http:// is refused).");
  if (url.username || url.password) throw invalid("webhook_url", "credentials in the URL are not allowed.");
  return url;
}
