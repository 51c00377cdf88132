import { inArray } from "drizzle-orm";
import { tripProposals, type TripWatchState } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { notifyEventRiskReached, notifyProposalAwaitsReview } from "@/lib/notifications/notify-trip-news";
import type { PlannerCall } from "./planner-hook";
import { atOrAbove } from "./rate-trip-events";

/**
 * Events of this refresh whose risk is at or above the trip's threshold and was not at the previous
 * refresh (below it, not rated, or not followed yet; on the first refresh every event at it). Pure.
 */
export function eventsReachingThreshold(prev: TripWatchState, next: TripWatchState) {
  const before = new Map((prev.revision === null ? [] : prev.events).map((e) => [e.event_id, e]));
  return next.events.filter(
    (e) =>
      atOrAbove(e.risk?.level, next.planner_threshold) &&
      !atOrAbove(before.get(e.event_id)?.risk?.level, next.planner_threshold),
  );
}

/**
 * After a trip watch's refresh and the planner's answers: the trip's members hear of each event
 * that reached the threshold (one notification, linking to the planner's proposal for it when there
 * is one), and of each other proposal the planner newly created. A replaced proposal for an event
 * already reported is not news. Never throws: the refresh is written whatever happens here.
 */
export async function notifyMembersOfRefresh(
  prev: TripWatchState,
  next: TripWatchState,
  planner: PlannerCall[],
  now: Date,
): Promise<void> {
  try {
    const reached = eventsReachingThreshold(prev, next);
    const proposalOf = new Map(planner.filter((p) => p.proposal_id).map((p) => [p.event_id, p]));
    const ids = planner.map((p) => p.proposal_id).filter((id): id is string => id !== null);
    const db = await getDb();
    const rows = ids.length
      ? await db
          .select({ id: tripProposals.id, options: tripProposals.options, expiresAt: tripProposals.expiresAt })
          .from(tripProposals)
          .where(inArray(tripProposals.id, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const labelOf = (id: string | null) => {
      const options = (id && (byId.get(id)?.options as Array<{ label?: string; score?: number }> | undefined)) || [];
      return [...options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]?.label ?? null;
    };
    const occurrence = prev.checked_at ?? "first";
    for (const e of reached) {
      const proposalId = proposalOf.get(e.event_id)?.proposal_id ?? null;
      await notifyEventRiskReached({
        tripId: next.trip_id,
        eventId: e.event_id,
        title: e.title,
        startsAt: e.starts_at,
        level: e.risk!.level,
        threshold: next.planner_threshold,
        occurrence,
        proposalId,
        optionLabel: labelOf(proposalId),
        now,
      });
    }
    const reachedIds = new Set(reached.map((e) => e.event_id));
    for (const p of planner) {
      if (p.action !== "created" || !p.proposal_id || reachedIds.has(p.event_id)) continue;
      await notifyProposalAwaitsReview({
        tripId: next.trip_id,
        proposalId: p.proposal_id,
        actorUserId: null,
        agentId: "skycast-weather-planner",
        optionLabel: labelOf(p.proposal_id),
        expiresAt: byId.get(p.proposal_id)?.expiresAt ?? now,
        now,
      });
    }
  } catch (err) {
    log.error("trip members not notified of a refresh", { trip_id: next.trip_id, error: err });
  }
}
