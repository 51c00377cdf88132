import { sql } from "drizzle-orm";
import type { TripProposalRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { PG_DEADLOCK, PG_SERIALIZATION_FAILURE, pgErrorCode, queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { applyTripChange } from "@/lib/trips/ops/apply-trip-change";
import { tripNow } from "@/lib/trips/clock";
import type { EventCreateInput, ProposalEntityInput } from "@/lib/trips/events/event-schemas";
import { insertEvent } from "@/lib/trips/events/store-events";
import { applyProposalChanges } from "./apply-proposal-changes";
import type { ProposalOptionInput } from "./proposal-schemas";
import { effectiveStatus } from "./proposal-status";
import { findProposal, findProposalAndZone, findProposalFor, rankOptions } from "./raise-and-list-proposals";
import { acceptInOneStatement } from "./accept-proposal-in-one-statement";
import { recallProposal } from "./remember-proposal";
import { requireTripRole } from "@/lib/trips/roles";
import { proposalOutOfDate, readOutOfDate } from "./read-proposal-staleness";

function notPending(row: Pick<TripProposalRow, "status" | "expiresAt">, now: Date): ApiError {
  const s = effectiveStatus(row, now);
  const why = s === "expired" ? `expired at ${row.expiresAt.toISOString()}` : `already ${s}`;
  return new ApiError(
    "proposal_not_pending",
    `This proposal is ${why}; only a pending proposal can be accepted or rejected.`,
    {
      details: { status: s },
    },
  );
}

/**
 * The one conditional status change: it succeeds only for a proposal that is
 * pending and unexpired at `now` (the same rule as the list filter).
 */
async function claim(
  tx: Parameters<typeof queryOne>[0],
  tripId: number,
  proposalId: string,
  now: Date,
  set: ReturnType<typeof sql>,
) {
  return queryOne<{ id: string }>(
    tx,
    sql`UPDATE trip_proposals SET ${set}
        WHERE id = ${proposalId} AND trip_id = ${tripId} AND status = 'pending' AND expires_at > ${now.toISOString()}::timestamptz
        RETURNING id`,
  );
}

export async function acceptProposal(tripId: number, userId: string, proposalId: string, selectedOptionId?: string) {
  const now = tripNow();
  // A proposal this instance raised is accepted without reading it back (proposal-memo.ts) when it
  // takes the one-statement path, which checks the caller's role itself. Otherwise (its content alone
  // refuses the accept, or the general path, which relies on it) the read checks the role first.
  const recalled = recallProposal(tripId, proposalId);
  const known =
    recalled && createsOnly(recalled.row, now, selectedOptionId)
      ? recalled
      : await findProposalAndZone(tripId, userId, proposalId, "edit");
  const { row, tripZone } = known;
  const option = chosenOption(row, now, selectedOptionId);
  if (!option?.changes?.length) {
    // Creating events only: one statement (accept-proposal-in-one-statement.ts). When it applies nothing, the
    // general path below, on a fresh read, says why (or applies it, if only the trip's zone had changed).
    const inputs = eventsToCreate(row.entities as ProposalEntityInput[], option);
    const fast = await acceptInOneStatement({
      tripId,
      userId,
      row,
      tripZone,
      now,
      selectedOptionId: option?.id ?? null,
      inputs,
    }).catch((err) => {
      throw mapRace(err);
    });
    if (fast) return accepted(proposalId, now, option?.id ?? null, fast.createdEventIds, [], fast.revision);
    return acceptInTransaction(
      tripId,
      userId,
      proposalId,
      await findProposalFor(tripId, userId, proposalId, "edit"),
      tripNow(),
      selectedOptionId,
    );
  }
  return acceptInTransaction(tripId, userId, proposalId, row, now, selectedOptionId);
}

function accepted(
  proposalId: string,
  now: Date,
  selectedOptionId: string | null,
  created: number[],
  changed: number[],
  revision: number,
) {
  return {
    proposal_id: proposalId,
    status: "accepted" as const,
    created_event_ids: created,
    changed_event_ids: changed,
    accepted_at: now.toISOString(),
    selected_option_id: selectedOptionId,
    new_revision: revision,
  };
}

/** Whether an accept of this content would take the one-statement path (pending, a known option that creates events only). */
function createsOnly(row: TripProposalRow, now: Date, selectedOptionId?: string): boolean {
  try {
    return !chosenOption(row, now, selectedOptionId)?.changes?.length;
  } catch {
    return false;
  }
}

/** The option an accept applies: the one named, else the best ranked; 409 unless the proposal is pending. */
function chosenOption(row: TripProposalRow, now: Date, selectedOptionId?: string) {
  if (effectiveStatus(row, now) !== "pending") throw notPending(row, now);
  const options = rankOptions(row.options as ProposalOptionInput[]);
  const option = selectedOptionId === undefined ? options[0] : options.find((o) => o.id === selectedOptionId);
  if (selectedOptionId !== undefined && !option) {
    throw new ApiError(
      "bad_request",
      `selected_option_id ${selectedOptionId} is not an option of this proposal; choose one of: ${options.map((o) => o.id).join(", ") || "(none)"}.`,
    );
  }
  return option;
}

/** The general accept: claim, then the revision-checked ops engine, in one transaction (options with changes to existing events). */
async function acceptInTransaction(
  tripId: number,
  userId: string,
  proposalId: string,
  row: TripProposalRow,
  now: Date,
  selectedOptionId?: string,
) {
  const db = await getDb();
  const option = chosenOption(row, now, selectedOptionId);
  try {
    return await db.transaction(async (tx) => {
      // A proposal creating nothing (changes only, as the weather planner's) records its empty list in the claim: one statement fewer.
      const createsNone = (row.entities as unknown[]).length === 0;
      const none = createsNone ? sql`, created_event_ids = '{}'::integer[]` : sql``;
      const won = await claim(
        tx,
        tripId,
        proposalId,
        now,
        sql`status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz, selected_option_id = ${option?.id ?? null}, resolved_by = ${userId}${none}`,
      );
      if (!won) throw notPending(await findProposal(tx, tripId, proposalId), now);
      // Bound to its base revision. The common case (the trip is still there) costs nothing extra:
      // the revision-checked bump succeeds. When the trip moved on, the accept rebases onto the
      // current revision if no later change touched the proposal's events, else it is out of date
      // (409, proposal-staleness.ts); the trip row is locked first, so nothing overtakes the rebase.
      const apply = (baseRevision: number | undefined, rebasedFrom: number | null) =>
        applyTripChange(
          {
            tripId,
            baseRevision,
            source: "proposal",
            type: "accept_proposal",
            payload: {
              proposal_id: proposalId,
              selected_option_id: option?.id ?? null,
              ...(option?.changes?.length ? { changes: option.changes } : {}),
              ...(rebasedFrom !== null ? { rebased_from_revision: rebasedFrom } : {}),
            },
            actorUserId: userId,
          },
          async (ctx) => {
            const ids: number[] = [];
            for (const input of eventsToCreate(row.entities as ProposalEntityInput[], option)) {
              ids.push((await insertEvent(ctx.tx, tripId, ctx.tripZone, input)).id);
            }
            const changed = await applyProposalChanges(ctx, option?.changes ?? []);
            // The created ids are written with the op-log row (one statement).
            const alongside = createsNone
              ? undefined
              : sql`UPDATE trip_proposals SET created_event_ids = ${
                  ids.length
                    ? sql`ARRAY[${sql.join(
                        ids.map((i) => sql`${i}`),
                        sql`, `,
                      )}]::integer[]`
                    : sql`'{}'::integer[]`
                } WHERE id = ${proposalId}`;
            return { affected: [...ids, ...changed.affected], deleted: changed.deleted, value: ids, alongside };
          },
          tx,
        );
      let change;
      try {
        change = await apply(row.baseRevision ?? undefined, null);
      } catch (err) {
        // STALE_REVISION is our own refusal after a plain read (the transaction is still usable).
        if (row.baseRevision === null || !(err instanceof ApiError) || err.code !== "STALE_REVISION") throw err;
        const { outOfDate, currentRevision } = await readOutOfDate(tx, row, true);
        if (outOfDate) throw proposalOutOfDate(outOfDate);
        change = await apply(currentRevision, row.baseRevision);
      }
      const changed = change.affectedEventIds.filter((id) => !change.value.includes(id));
      return accepted(proposalId, now, option?.id ?? null, change.value, changed, change.revision);
    });
  } catch (err) {
    throw mapRace(err);
  }
}

export async function rejectProposal(tripId: number, userId: string, proposalId: string, reason?: string) {
  await requireTripRole(tripId, userId, "edit");
  const db = await getDb();
  const now = tripNow();
  const won = await claim(
    db,
    tripId,
    proposalId,
    now,
    sql`status = 'rejected', rejected_at = ${now.toISOString()}::timestamptz, rejection_reason = ${reason ?? null}, resolved_by = ${userId}`,
  );
  if (!won) throw notPending(await findProposal(db, tripId, proposalId), now);
  return {
    proposal_id: proposalId,
    status: "rejected" as const,
    rejection_reason: reason ?? null,
    rejected_at: now.toISOString(),
  };
}

/** Entities become events; the chosen option's schedule supplies or overrides their times. */
function eventsToCreate(entities: ProposalEntityInput[], option?: ProposalOptionInput): EventCreateInput[] {
  return entities.map((e, i) => {
    const slot = option?.schedule?.find((s) => s.entity_index === i);
    const startDateTime = slot?.startDateTime ?? e.startDateTime!;
    const endDateTime = slot ? (slot.endDateTime ?? null) : (e.endDateTime ?? null);
    return { ...e, startDateTime, endDateTime };
  });
}

function mapRace(err: unknown): unknown {
  const code = pgErrorCode(err);
  if (code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK) {
    return new ApiError("conflict", "The proposal or trip changed concurrently; re-read the proposal and retry.");
  }
  return err;
}
