import { and, desc, eq, sql } from "drizzle-orm";
import { tripProposals, type ProposalStatus, type TripProposalRow, type TripRole } from "@/drizzle/schema";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/http/errors";
import { memberRoleSql } from "@/lib/trips/member-role-sql";
import { tripNow } from "@/lib/trips/clock";
import { notifyProposalAwaitsReview } from "@/lib/notifications/notify-trip-news";
import {
  PROPOSAL_DEFAULT_TTL_HOURS,
  PROPOSAL_MAX_TTL_DAYS,
  type CreateProposalInput,
  type ProposalBody,
  type ProposalOptionInput,
} from "./proposal-schemas";
import { checkProposalAgainstTrip } from "./apply-proposal-changes";
import { rememberProposal } from "./remember-proposal";
import { proposalWithOffsets } from "./add-proposal-offsets";
import { proposalWithPlaceZones } from "./add-proposal-place-zones";
import { effectiveStatus, statusCondition } from "./proposal-status";
import { readOutOfDate } from "./read-proposal-staleness";
import { rowFromJson } from "@/lib/trips/events/read-trip-snapshot";
import { checkTripRole, requireTripRole, type TripNeed } from "@/lib/trips/roles";
import { toInstant } from "@/lib/trips/time";

/** Options highest score first (ties keep the agent's order), numbered from rank 1. */
export function rankOptions(options: ProposalOptionInput[]): Array<ProposalOptionInput & { rank: number }> {
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => b.o.score - a.o.score || a.i - b.i)
    .map(({ o }, i) => ({ ...o, rank: i + 1 }));
}

export function toProposal(row: TripProposalRow, now: Date): ProposalBody {
  return {
    proposal_id: row.id,
    trip_id: row.tripId,
    status: effectiveStatus(row, now),
    actor_agent_id: row.actorAgentId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    entities: row.entities as ProposalBody["entities"], // stored from the parsed ProposalEntityInput
    options: rankOptions(row.options as ProposalOptionInput[]),
    selected_option_id: row.selectedOptionId,
    created_event_ids: row.createdEventIds,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    subject_event_id: row.subjectEventId,
    base_revision: row.baseRevision,
    superseded_by: row.supersededBy,
  };
}

/** A planning agent (acting with a member's token) raises a proposal; viewers may not. */
export async function createProposal(
  tripId: number,
  userId: string,
  input: CreateProposalInput,
): Promise<ProposalBody> {
  const tripZone = await editorsTripZone(tripId, userId);
  const now = tripNow();
  const expiresAt = input.expires_at
    ? toInstant(input.expires_at, "UTC")
    : new Date(now.getTime() + PROPOSAL_DEFAULT_TTL_HOURS * 3600_000);
  if (expiresAt <= now) throw new ApiError("bad_request", "Invalid expires_at: must be in the future.");
  if (expiresAt.getTime() - now.getTime() > PROPOSAL_MAX_TTL_DAYS * 86400_000) {
    throw new ApiError("bad_request", `Invalid expires_at: at most ${PROPOSAL_MAX_TTL_DAYS} days ahead.`);
  }
  const db = await getDb();
  // Local times get their offsets now (proposal-times.ts): what is stored and echoed is RFC 3339.
  const placed = await proposalWithPlaceZones(db, tripId, tripZone, input);
  const stored = proposalWithOffsets(placed, tripZone, await checkProposalAgainstTrip(db, tripId, placed));
  const [row] = await db
    .insert(tripProposals)
    .values({
      tripId,
      actorAgentId: input.actor_agent_id,
      entities: stored.entities as Record<string, unknown>[],
      options: (stored.options ?? []) as Record<string, unknown>[],
      baseRevision: input.base_revision ?? null,
      subjectEventId: input.subject_event_id ?? null,
      createdBy: userId,
      createdAt: now,
      expiresAt,
    })
    .returning();
  rememberProposal(row, tripZone);
  // The other members learn that it waits (inbox and mail, lib/notifications); never fails the proposal.
  await notifyProposalAwaitsReview({
    tripId,
    proposalId: row.id,
    actorUserId: userId,
    agentId: row.actorAgentId,
    optionLabel: rankOptions((row.options ?? []) as ProposalOptionInput[])[0]?.label ?? null,
    expiresAt: row.expiresAt,
    now,
  });
  return toProposal(row, now);
}

/** The trip's time zone for a member who may edit it (404 for a non-member, 403 for a viewer): one statement. */
async function editorsTripZone(tripId: number, userId: string): Promise<string> {
  const found = await queryOne<{ role: TripRole | null; time_zone: string }>(
    await getDb(),
    sql`SELECT ${memberRoleSql(sql`t.id`, userId)} AS role, t.time_zone FROM trips t WHERE t.id = ${tripId}`,
  );
  checkTripRole(found?.role, "edit");
  return found!.time_zone;
}

export async function listProposals(tripId: number, userId: string, status?: ProposalStatus) {
  await requireTripRole(tripId, userId, "read");
  const now = tripNow();
  const db = await getDb();
  const where = status
    ? and(eq(tripProposals.tripId, tripId), statusCondition(status, now))
    : eq(tripProposals.tripId, tripId);
  const rows = await db
    .select()
    .from(tripProposals)
    .where(where)
    .orderBy(desc(tripProposals.createdAt), desc(tripProposals.id))
    .limit(500);
  return {
    trip_id: tripId,
    proposals: rows.map((r) => ({
      proposal_id: r.id,
      status: effectiveStatus(r, now),
      actor_agent_id: r.actorAgentId,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      subject_event_id: r.subjectEventId,
    })),
  };
}

export async function findProposal(db: DbOrTx, tripId: number, proposalId: string): Promise<TripProposalRow> {
  const [row] = await db
    .select()
    .from(tripProposals)
    .where(and(eq(tripProposals.tripId, tripId), eq(tripProposals.id, proposalId)))
    .limit(1);
  if (!row) throw notFound("Proposal");
  return row;
}

/**
 * The caller's role, the proposal and the trip's time zone in one statement: 404 for a non-member
 * (the trip's, so proposal ids do not leak), 403 for a role that may not `need`, then 404 for an
 * unknown proposal.
 */
export async function findProposalAndZone(
  tripId: number,
  userId: string,
  proposalId: string,
  need: TripNeed,
): Promise<{ row: TripProposalRow; tripZone: string }> {
  const found = await queryOne<{
    role: TripRole | null;
    time_zone: string | null;
    proposal: Record<string, unknown> | string | null;
  }>(
    await getDb(),
    sql`SELECT t.time_zone, row_to_json(p) AS proposal, ${memberRoleSql(tripId, userId)} AS role FROM (SELECT 1) AS one
        LEFT JOIN trips t ON t.id = ${tripId}
        LEFT JOIN trip_proposals p ON p.trip_id = ${tripId} AND p.id = ${proposalId}::uuid`,
  );
  checkTripRole(found?.time_zone ? found.role : null, need);
  if (!found!.proposal) throw notFound("Proposal");
  return { row: rowFromJson<TripProposalRow>(tripProposals, found!.proposal), tripZone: found!.time_zone! };
}

export async function findProposalFor(
  tripId: number,
  userId: string,
  proposalId: string,
  need: TripNeed,
): Promise<TripProposalRow> {
  return (await findProposalAndZone(tripId, userId, proposalId, need)).row;
}

export async function getProposal(tripId: number, userId: string, proposalId: string): Promise<ProposalBody> {
  const now = tripNow();
  const row = await findProposalFor(tripId, userId, proposalId, "read");
  const body = toProposal(row, now);
  if (body.status !== "pending") return { ...body, out_of_date: null };
  return { ...body, out_of_date: (await readOutOfDate(await getDb(), row)).outOfDate };
}
