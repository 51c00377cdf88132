import { isDeepStrictEqual } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { tripEvents, tripOps, type TripEventRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { PG_UNIQUE_VIOLATION, pgErrorCode } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { validationError } from "@/lib/http/parse";
import { addEventInOneStatement } from "@/lib/trips/events/add-event-in-one-statement";
import { applyTripChange, type ChangeContext, type MutationOutcome } from "./apply-trip-change";
import {
  deleteEvent,
  findEvent,
  insertEvent,
  listEventRows,
  patchProblems,
  setEventColumns,
  updateEvent,
} from "@/lib/trips/events/store-events";
import type { EventPatchInput } from "@/lib/trips/events/event-schemas";
import { OpPayloads, type OpRequest, type OpType } from "./op-types";
import { requireTripRole } from "@/lib/trips/roles";
import { localDate, wallClock } from "@/lib/trips/time";
import type { z } from "zod";

export interface OpResponse {
  success: true;
  trip_id: number;
  new_revision: number;
  operation: { type: OpType; payload: Record<string, unknown>; base_revision: number; op_id: string | null };
  result: { affected_event_ids: number[] };
}

/** POST /v1/trips/{tripId}/ops: one atomic, revision-checked change to the timeline. */
export async function applyOp(tripId: number, userId: string, op: OpRequest): Promise<OpResponse> {
  // Without an op_id the role is checked inside the revision bump (one statement fewer);
  // errors keep their order: 404/403 before a payload's 400.
  if (op.op_id) {
    await requireTripRole(tripId, userId, "edit");
    const done = await priorResult(tripId, op);
    if (done) return done;
  }
  const parsed = OpPayloads[op.type].safeParse(op.payload);
  if (!parsed.success) {
    if (!op.op_id) await requireTripRole(tripId, userId, "edit");
    const e = validationError("body", parsed.error);
    throw new ApiError("bad_request", e.message.replace("Invalid ", `Invalid ${op.type} payload field `), {
      details: e.details,
    });
  }
  if (op.type === "add_event" && !op.op_id) {
    const fast = await addEventInOneStatement(tripId, userId, op.payload, parsed.data as Payload<"add_event">, {
      source: "ops",
      baseRevision: op.base_revision,
    });
    if (fast) return response(tripId, fast.revision, op, [fast.eventId]);
  }
  try {
    const out = await applyTripChange(
      {
        tripId,
        baseRevision: op.base_revision,
        source: "ops",
        type: op.type,
        payload: op.payload,
        actorUserId: userId,
        opId: op.op_id,
        requireRole: op.op_id ? undefined : { userId, need: "edit" },
      },
      (ctx) => mutations[op.type](ctx, parsed.data as never),
    );
    return response(tripId, out.revision, op, out.affectedEventIds);
  } catch (err) {
    // The same op_id raced itself: the loser returns the winner's result.
    if (op.op_id && pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
      const done = await priorResult(tripId, op);
      if (done) return done;
    }
    throw err;
  }
}

function response(tripId: number, revision: number, op: OpRequest, affected: number[]): OpResponse {
  return {
    success: true,
    trip_id: tripId,
    new_revision: revision,
    operation: { type: op.type, payload: op.payload, base_revision: op.base_revision, op_id: op.op_id ?? null },
    result: { affected_event_ids: affected },
  };
}

async function priorResult(tripId: number, op: OpRequest): Promise<OpResponse | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(tripOps)
    .where(and(eq(tripOps.tripId, tripId), eq(tripOps.opId, op.op_id!)))
    .limit(1);
  if (!row) return undefined;
  if (row.type !== op.type || !isDeepStrictEqual(row.payload, op.payload)) {
    throw new ApiError(
      "bad_request",
      `op_id ${op.op_id} was already used for a different operation (revision ${row.revision}); use a new op_id.`,
    );
  }
  return response(tripId, row.revision, { ...op, base_revision: row.revision - 1 }, row.affectedEventIds);
}

/** update_event on an event already read under the trip lock (a proposal's move checks it first). */
export async function updateExisting(
  ctx: ChangeContext,
  row: TripEventRow,
  changes: EventPatchInput,
): Promise<MutationOutcome<null>> {
  const problems = patchProblems(row, changes);
  if (problems.length)
    throw opInvalid(
      `Event ${row.id} cannot be updated: ${problems[0].path} ${problems[0].message.replace(/^\S+ /, "")}.`,
      { issues: problems },
    );
  await updateEvent(ctx.tx, row, changes);
  return { affected: [row.id], value: null };
}

export function opInvalid(message: string, details?: unknown): ApiError {
  return new ApiError("OP_INVALID", message, { details });
}

/** The event on this trip, read after the trip lock; OP_INVALID when it is not there. */
export async function existing(ctx: ChangeContext, eventId: number) {
  const row = await findEvent(ctx.tx, ctx.tripId, eventId);
  if (!row)
    throw opInvalid(
      `Event ${eventId} is not on this trip's timeline (it may have been removed); re-read the itinerary.`,
      { event_id: eventId },
    );
  return row;
}

type Payload<K extends OpType> = z.output<(typeof OpPayloads)[K]>;
type Mutation<K extends OpType> = (ctx: ChangeContext, p: Payload<K>) => Promise<MutationOutcome<null>>;

/** The ops engine's mutations; proposal changes (lib/trips/proposals/apply-proposal-changes.ts) run through them too. */
export const mutations: { [K in OpType]: Mutation<K> } = {
  async add_event(ctx, p) {
    const row = await insertEvent(ctx.tx, ctx.tripId, ctx.tripZone, p);
    return { affected: [row.id], value: null };
  },
  async update_event(ctx, p) {
    return updateExisting(ctx, await existing(ctx, p.event_id), p.changes);
  },
  async move_event(ctx, p) {
    const row = await existing(ctx, p.event_id);
    const { start, end } = ctx.tripDates;
    if ((start && p.date < start) || (end && p.date > end)) {
      throw opInvalid(
        `Cannot move event ${row.id} to ${p.date}: the trip runs from ${start ?? "(open)"} to ${end ?? "(open)"}.`,
      );
    }
    const startAt = wallClock(p.date, p.time, ctx.tripZone);
    if (!startAt) throw opInvalid(`${p.date} ${p.time} is not a valid time in ${ctx.tripZone}.`);
    // The duration is kept: the end moves by the same amount as the start.
    const endAt = row.endAt ? new Date(startAt.getTime() + (row.endAt.getTime() - row.startAt.getTime())) : null;
    await setEventColumns(ctx.tx, row.id, { startAt, endAt });
    return { affected: [row.id], value: null };
  },
  async remove_event(ctx, p) {
    const row = await existing(ctx, p.event_id);
    await deleteEvent(ctx.tx, row.id);
    return { affected: [row.id], deleted: [row.id], value: null };
  },
  async reorder(ctx, p) {
    const rows = (await listEventRows(ctx.tx, ctx.tripId, ctx.tripZone)).filter(
      (r) => localDate(r.startAt, ctx.tripZone) === p.date,
    );
    const onDay = new Set(rows.map((r) => r.id));
    const given = new Set(p.event_ids);
    const missing = [...onDay].filter((id) => !given.has(id));
    const foreign = p.event_ids.filter((id) => !onDay.has(id));
    if (given.size !== p.event_ids.length || missing.length || foreign.length) {
      throw opInvalid(
        `reorder must list every event of ${p.date} (trip time zone ${ctx.tripZone}) exactly once; the day holds [${[...onDay].join(", ")}].`,
        { missing_event_ids: missing, not_on_day_event_ids: foreign },
      );
    }
    // Positions 1..n: explicit order within the day (0 means "by time").
    for (const [i, id] of p.event_ids.entries()) {
      await ctx.tx
        .update(tripEvents)
        .set({ position: i + 1, updatedAt: sql`now()` })
        .where(eq(tripEvents.id, id));
    }
    return { affected: p.event_ids, value: null };
  },
};
