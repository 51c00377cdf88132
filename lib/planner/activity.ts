import { activityOfEvent } from "@/lib/trips/events/activity-of-event";
import type { PlannerEvent } from "./types";

const BOAT_LEG = /\b(ferry|boat|crossing|sailing to)\b/i;

/**
 * The risk profile name the planner judges an event with: the same as trip weather and the trip
 * watch (activityOfEvent), so the watch hands the planner what the traveller sees at risk. Water
 * activities map to the small-craft `boat_tour` profile there, never a large ferry.
 */
export function plannerActivity(e: Pick<PlannerEvent, "type" | "title" | "activityType">): string {
  return activityOfEvent({ type: e.type, title: e.title, activityType: e.activityType }).activity_type;
}

/** A ferry or boat leg: exposed to the sea, rebooked (never silently moved) when at warning. */
export function isExposedTransport(e: { type: string; title: string }): boolean {
  return e.type === "ferry" || (e.type === "local_transit" && BOAT_LEG.test(e.title));
}
