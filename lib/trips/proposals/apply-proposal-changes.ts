import { and, eq, inArray, sql } from "drizzle-orm";
import { tripEvents, type TripEventRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/http/errors";
import type { ChangeContext } from "@/lib/trips/ops/apply-trip-change";
import { existing, mutations, opInvalid, updateExisting } from "@/lib/trips/ops/apply-op";
import type { EventPatchInput } from "@/lib/trips/events/event-schemas";
import { patchProblems } from "@/lib/trips/events/store-events";
import type { ProposalChangeInput, ProposalOptionInput } from "./proposal-schemas";
import { staleRevision } from "@/lib/trips/ops/write-trip-statement";
import { localDate, toInstant } from "@/lib/trips/time";

/** A move is an update of the two times: the same checks and writes as the update_event op. */
function asPatch(c: Extract<ProposalChangeInput, { type: "move_event" }>): EventPatchInput {
  return { startDateTime: c.startDateTime, endDateTime: c.endDateTime };
}

function outsideTrip(
  row: TripEventRow,
  startDateTime: string,
  zone: string,
  dates: { start: string | null; end: string | null },
): string | null {
  const day = localDate(toInstant(startDateTime, row.timeZone), zone);
  if ((dates.start && day < dates.start) || (dates.end && day > dates.end))
    return `cannot move event ${row.id} to ${day}: the trip runs from ${dates.start ?? "(open)"} to ${dates.end ?? "(open)"}`;
  return null;
}

/**
 * Applies an option's changes inside the accept's revision-checked change (apply-change.ts):
 * each one through the ops engine's own mutation, so a change the engine would refuse as an op
 * (an event no longer there, end before start) fails the whole accept and nothing is written.
 */
export async function applyProposalChanges(
  ctx: ChangeContext,
  changes: ProposalChangeInput[],
): Promise<{ affected: number[]; deleted: number[] }> {
  const affected: number[] = [];
  const deleted: number[] = [];
  for (const c of changes) {
    if (c.type === "remove_event") {
      await mutations.remove_event(ctx, { event_id: c.event_id });
      deleted.push(c.event_id);
    } else if (c.type === "update_event") {
      await mutations.update_event(ctx, { event_id: c.event_id, changes: c.changes });
    } else {
      // Read once (after the trip lock): the trip-dates check and the ops engine's update use the same row.
      const row = await existing(ctx, c.event_id);
      const why = outsideTrip(row, c.startDateTime, ctx.tripZone, ctx.tripDates);
      if (why) throw opInvalid(`Cannot apply the proposal: ${why}.`, { event_id: c.event_id });
      await updateExisting(ctx, row, asPatch(c));
    }
    affected.push(c.event_id);
  }
  return { affected, deleted };
}

interface TripHeadRow {
  revision: number;
  time_zone: string;
  start_date: string | null;
  end_date: string | null;
}

/**
 * Checks a new proposal's changes against the trip as it is: the base revision must be the
 * current one (409 STALE_REVISION otherwise, as for an op), every event named must be on the
 * trip and every change must leave a valid event (400 with the field's path).
 */
export async function checkProposalAgainstTrip(
  db: DbOrTx,
  tripId: number,
  input: { base_revision?: number; subject_event_id?: number; options?: ProposalOptionInput[] },
): Promise<Map<number, TripEventRow>> {
  const changes = (input.options ?? []).flatMap((o, i) =>
    (o.changes ?? []).map((c, j) => ({ c, path: `options.${i}.changes.${j}` })),
  );
  if (input.base_revision === undefined && input.subject_event_id === undefined) return new Map();
  const trip = await queryOne<TripHeadRow>(
    db,
    sql`SELECT revision, time_zone, start_date::text AS start_date, end_date::text AS end_date FROM trips WHERE id = ${tripId}`,
  );
  if (!trip) throw notFound("Trip");
  if (input.base_revision !== undefined && Number(trip.revision) !== input.base_revision)
    throw staleRevision(Number(trip.revision), input.base_revision);
  const ids = [
    ...new Set([...changes.map((x) => x.c.event_id), ...(input.subject_event_id ? [input.subject_event_id] : [])]),
  ];
  const rows = ids.length
    ? await db
        .select()
        .from(tripEvents)
        .where(and(eq(tripEvents.tripId, tripId), inArray(tripEvents.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bad = (path: string, message: string) =>
    new ApiError("bad_request", `Invalid ${path}: ${message}`, { details: [{ path, message }] });
  if (input.subject_event_id !== undefined && !byId.has(input.subject_event_id))
    throw bad("subject_event_id", `event ${input.subject_event_id} is not on this trip`);
  for (const { c, path } of changes) {
    const row = byId.get(c.event_id);
    if (!row) throw bad(`${path}.event_id`, `event ${c.event_id} is not on this trip (re-read the itinerary)`);
    if (c.type === "remove_event") continue;
    const patch = c.type === "update_event" ? c.changes : asPatch(c);
    const problem = patchProblems(row, patch)[0];
    if (problem)
      throw bad(`${path}.${c.type === "update_event" ? `changes.${problem.path}` : problem.path}`, problem.message);
    if (c.type === "move_event") {
      const why = outsideTrip(row, c.startDateTime, trip.time_zone, { start: trip.start_date, end: trip.end_date });
      if (why) throw bad(`${path}.startDateTime`, why);
    }
  }
  return byId;
}
