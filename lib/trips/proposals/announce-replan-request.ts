import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { emitEvent } from "@/lib/events/emit-event";

export interface ReplanRequest {
  tripId: number;
  proposalId: string;
  actorAgentId: string;
  baseRevision: number | null;
  requestedBy: string;
  requestedAt: Date;
}

/**
 * "Ask for a new plan" on an external agent's proposal: the agent cannot be called, so the
 * integrators following the trip hear of it as `trip.proposal_replan_requested`. They are the
 * accounts with an active or paused watch on the trip (a trip watch is how an app follows a trip);
 * each account's endpoints subscribed to the type get it, with the agent id so an app can tell its
 * own proposals. Runs in the caller's transaction: the event exists only if the proposal was retired.
 */
export async function announceReplanRequest(tx: DbOrTx, r: ReplanRequest): Promise<number> {
  const followers = await queryRows<{ account_id: string; revision: number }>(
    tx,
    sql`SELECT DISTINCT w.account_id, t.revision FROM watches w JOIN trips t ON t.id = w.trip_id
        WHERE w.trip_id = ${r.tripId} AND w.status IN ('active', 'paused')`,
  );
  for (const f of followers) {
    await emitEvent(
      {
        accountId: f.account_id,
        type: "trip.proposal_replan_requested",
        data: {
          trip_id: r.tripId,
          proposal_id: r.proposalId,
          actor_agent_id: r.actorAgentId,
          proposal_base_revision: r.baseRevision,
          trip_revision: f.revision,
          requested_by: r.requestedBy,
          requested_at: r.requestedAt.toISOString(),
        },
      },
      tx,
    );
  }
  return followers.length;
}
