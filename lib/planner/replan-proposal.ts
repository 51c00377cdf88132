import { eq, sql } from "drizzle-orm";
import { tripProposals } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { PLANNER_AGENT_ID, raisePlannerProposal } from "./raise-planner-proposal";
import { announceReplanRequest } from "@/lib/trips/proposals/announce-replan-request";
import { tripNow } from "@/lib/trips/clock";
import { effectiveStatus } from "@/lib/trips/proposals/proposal-status";
import { findProposalFor, rankOptions } from "@/lib/trips/proposals/raise-and-list-proposals";
import type { ProposalOptionInput } from "@/lib/trips/proposals/proposal-schemas";
import { notifyProposalAwaitsReview } from "@/lib/notifications/notify-trip-news";

/**
 * "Ask for a new plan" (issue 42 item 1): the member retires a pending proposal (status superseded)
 * and asks its author for another. The built-in weather planner re-plans at once through its one
 * entry point (raisePlannerProposal), the old proposal names the new one in superseded_by, and the
 * other members are told that it awaits review (inbox and mail, as for any raised proposal); an
 * external agent sees the status (superseded, superseded_by null) on its next read or MCP call, and
 * the apps following the trip get `trip.proposal_replan_requested` in the same transaction.
 */
export async function replanProposal(tripId: number, userId: string, proposalId: string) {
  const row = await findProposalFor(tripId, userId, proposalId, "edit");
  const now = tripNow();
  const db = await getDb();
  const byPlanner = row.actorAgentId === PLANNER_AGENT_ID && row.subjectEventId !== null;
  const won = await db.transaction(async (tx) => {
    const retired = await queryOne<{ id: string }>(
      tx,
      sql`UPDATE trip_proposals SET status = 'superseded', resolved_by = ${userId}
          WHERE id = ${proposalId} AND trip_id = ${tripId} AND status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
          RETURNING id`,
    );
    if (retired && !byPlanner) {
      await announceReplanRequest(tx, {
        tripId,
        proposalId,
        actorAgentId: row.actorAgentId,
        baseRevision: row.baseRevision,
        requestedBy: userId,
        requestedAt: now,
      });
    }
    return retired;
  });
  if (!won) {
    const s = effectiveStatus(row, now);
    throw new ApiError(
      "proposal_not_pending",
      `This proposal is ${s === "expired" ? "expired" : `already ${s}`}; only a pending proposal can be re-planned.`,
      { details: { status: s } },
    );
  }
  let newProposalId: string | null = null;
  if (byPlanner) {
    newProposalId = (await raisePlannerProposal({ tripId, eventId: row.subjectEventId!, now })).proposalId;
    if (newProposalId) {
      await db.execute(
        sql`UPDATE trip_proposals SET superseded_by = ${newProposalId}::uuid WHERE id = ${proposalId}::uuid`,
      );
      const [fresh] = await db
        .select({ options: tripProposals.options, expiresAt: tripProposals.expiresAt })
        .from(tripProposals)
        .where(eq(tripProposals.id, newProposalId));
      // The other members learn that a new plan waits, as for any raised proposal; the member who asked knows.
      if (fresh)
        await notifyProposalAwaitsReview({
          tripId,
          proposalId: newProposalId,
          actorUserId: userId,
          agentId: PLANNER_AGENT_ID,
          optionLabel: rankOptions((fresh.options ?? []) as ProposalOptionInput[])[0]?.label ?? null,
          expiresAt: fresh.expiresAt,
          now,
        });
    }
  }
  return {
    proposal_id: proposalId,
    status: "superseded" as const,
    replanned_by: byPlanner ? ("planner" as const) : ("agent" as const),
    new_proposal_id: newProposalId,
  };
}
