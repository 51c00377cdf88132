import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { PLANNER_AGENT_ID, raisePlannerProposal } from "./raise-planner-proposal";
import { tripNow } from "@/lib/trips/clock";
import { effectiveStatus } from "@/lib/trips/proposal-status";
import { findProposalFor } from "@/lib/trips/proposals";

/**
 * "Ask for a new plan" (issue 42 item 1): the member retires a pending proposal (status superseded)
 * and asks its author for another. The built-in weather planner re-plans at once through its one
 * entry point (raisePlannerProposal), and the old proposal names the new one in superseded_by; an
 * external agent sees the status (superseded, superseded_by null) on its next read or MCP call.
 */
export async function replanProposal(tripId: number, userId: string, proposalId: string) {
  const row = await findProposalFor(tripId, userId, proposalId, "edit");
  const now = tripNow();
  const db = await getDb();
  const won = await queryOne<{ id: string }>(
    db,
    sql`UPDATE trip_proposals SET status = 'superseded', resolved_by = ${userId}
        WHERE id = ${proposalId} AND trip_id = ${tripId} AND status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
        RETURNING id`,
  );
  if (!won) {
    const s = effectiveStatus(row, now);
    throw new ApiError(
      "proposal_not_pending",
      `This proposal is ${s === "expired" ? "expired" : `already ${s}`}; only a pending proposal can be re-planned.`,
      { details: { status: s } },
    );
  }
  let newProposalId: string | null = null;
  const byPlanner = row.actorAgentId === PLANNER_AGENT_ID && row.subjectEventId !== null;
  if (byPlanner) {
    newProposalId = (await raisePlannerProposal({ tripId, eventId: row.subjectEventId!, now })).proposalId;
    if (newProposalId)
      await db.execute(
        sql`UPDATE trip_proposals SET superseded_by = ${newProposalId}::uuid WHERE id = ${proposalId}::uuid`,
      );
  }
  return {
    proposal_id: proposalId,
    status: "superseded" as const,
    replanned_by: byPlanner ? ("planner" as const) : ("agent" as const),
    new_proposal_id: newProposalId,
  };
}
