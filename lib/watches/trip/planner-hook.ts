import type { TripWatchState } from "@/drizzle/schema";
import { log } from "@/lib/log";
import { isExposedTransport } from "@/lib/planner/activity";
import { raisePlannerProposal } from "@/lib/planner/raise-planner-proposal";
import { atOrAbove } from "./rate-trip-events";

export interface PlannerCall {
  event_id: number;
  action: "created" | "replaced" | "unchanged" | "none" | "failed";
  proposal_id: string | null;
}

/**
 * After a trip watch's refresh is written: the weather planner is asked to propose for each
 * outdoor event, and each weather-exposed transport leg (a ferry or boat crossing: the planner
 * proposes a calmer sailing, marked as needing rebooking), rated at or above the trip's threshold (it keeps at most one open proposal per
 * event and answers "unchanged" when its proposal still stands, so asking on every refresh raises
 * no duplicates). A planner failure is logged and never fails the refresh; the next refresh asks again.
 */
export async function raiseForRiskyEvents(state: TripWatchState, now: Date): Promise<PlannerCall[]> {
  const out: PlannerCall[] = [];
  for (const e of state.events) {
    const exposed = e.outdoor || isExposedTransport(e);
    if (!exposed || !atOrAbove(e.risk?.level, state.planner_threshold)) continue;
    try {
      const r = await raisePlannerProposal({ tripId: state.trip_id, eventId: e.event_id, now });
      out.push({ event_id: e.event_id, action: r.action, proposal_id: r.proposalId });
    } catch (err) {
      log.error("weather planner failed", { trip_id: state.trip_id, event_id: e.event_id, error: err });
      out.push({ event_id: e.event_id, action: "failed", proposal_id: null });
    }
  }
  return out;
}
