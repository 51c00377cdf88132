import { activityOfEvent } from "@/lib/trips/events/activity-of-event";
import type { PlannerEvent } from "./types";

/**
 * Water activities are small craft on open water (h39's "boat_tour" profile: small-craft wind and
 * wave bands), never a large ferry: a sea kayak in 1.8 m waves is not `low`.
 */
const WATER =
  /\b(kayak\w*|canoe\w*|sail|sailing|boat tour|boat trip|snorkel\w*|surf|surfing|fishing|paddle\w*|sup|rafting)\b/i;
const BOAT_LEG = /\b(ferry|boat|crossing|sailing to)\b/i;

/** The risk profile name the planner judges an event with. */
export function plannerActivity(e: Pick<PlannerEvent, "type" | "title" | "activityType">): string {
  if (e.activityType) return e.activityType;
  if (e.type === "ferry") return "ferry";
  if (e.type === "bus") return "driving";
  if (e.type === "activity" && WATER.test(e.title)) return "boat_tour";
  return activityOfEvent({ type: e.type, title: e.title }).activity_type;
}

/** A ferry or boat leg: exposed to the sea, rebooked (never silently moved) when at warning. */
export function isExposedTransport(e: { type: string; title: string }): boolean {
  return e.type === "ferry" || (e.type === "local_transit" && BOAT_LEG.test(e.title));
}
