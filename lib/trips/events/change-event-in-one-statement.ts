import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { tripEvents, type TripEventRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { pgErrorCode, queryOne } from "@/lib/db/sql";
import { writeTripStatement } from "@/lib/trips/ops/write-trip-statement";
import { param } from "./add-event-in-one-statement";
import { columnsOf } from "./store-events";
import type { EventPatchInput } from "./event-schemas";
import { eventRowFromJson } from "./read-trip-snapshot";
import { HAS_OFFSET } from "@/lib/trips/time";

const EVENT_COLUMNS = getTableColumns(tripEvents);

/** not_null_violation: the guard below aborts the whole statement with it. */
const PG_NOT_NULL_VIOLATION = "23502";

/**
 * Patch fields whose new value does not depend on the stored event: plain text and numbers, and
 * instants that carry their own offset. Anything else (type, place fields, a flight's or stay's
 * extras, local times read in the event's zone, the zone itself) takes the general path, which
 * re-reads the event under the trip lock and resolves the place again when needed.
 */
const ROW_FREE = new Set(["title", "notes", "cost", "activityType", "fixed", "startDateTime", "endDateTime"]);

function rowFree(patch: EventPatchInput): boolean {
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (!ROW_FREE.has(k)) return false;
    if ((k === "startDateTime" || k === "endDateTime") && v !== null && !HAS_OFFSET.test(v as string)) return false;
  }
  return true;
}

/**
 * The trip write kernel's statement (ops/write-trip-statement.ts) with the event's change as its
 * mutation: the trip of the event is bumped (with the caller's role check) and the op-log row
 * appended in the same statement as the event's change: one round trip, and the trip's row lock (which
 * serialises every writer of the trip) is held for one statement instead of four.
 *
 * The change is applied to the event as it is once the lock is granted (READ COMMITTED re-checks
 * the event row's WHERE on its newest version). When the event is gone, or the patched event would
 * be invalid (end before start) or still needs its place resolved, the change matches no event
 * row and the op-log insert gets a NULL revision: the NOT NULL violation aborts the whole
 * statement (bump included), and the caller takes the general path, which answers 404/400 or
 * applies the change with the place resolution. Nothing matched at all (no bump): undefined too.
 */
async function oneStatement(
  eventId: number,
  userId: string,
  change: { cte: SQL; payload: Record<string, unknown>; deleted: boolean },
) {
  const db = await getDb();
  try {
    return await queryOne<{ revision: number; trip_id: number; event: Record<string, unknown> | string }>(
      db,
      writeTripStatement({
        target: { trip: sql`(SELECT trip_id FROM trip_events WHERE id = ${eventId})`, role: { userId, need: "edit" } },
        mutation: sql`ev AS (${change.cte})`,
        op: {
          source: "api",
          type: change.deleted ? "remove_event" : "update_event",
          payload: change.payload,
          affected: sql`ARRAY[${eventId}]::integer[]`,
          deleted: change.deleted ? sql`ARRAY[${eventId}]::integer[]` : undefined,
          actorUserId: userId,
          // No event changed: a NULL revision, whose NOT NULL violation aborts the statement (see above).
          revision: sql`CASE WHEN ev.id IS NULL THEN NULL ELSE bump.revision END`,
          from: sql`bump LEFT JOIN ev ON true`,
        },
        select: sql`SELECT op.revision, op.trip_id, row_to_json(ev) AS event FROM op, ev`,
      }),
    );
  } catch (err) {
    if (pgErrorCode(err) === PG_NOT_NULL_VIOLATION) return undefined;
    throw err;
  }
}

/** PATCH /api/events/{id} in one statement when the patch does not depend on the stored event; else undefined. */
export async function patchEventInOneStatement(
  eventId: number,
  userId: string,
  patch: EventPatchInput,
): Promise<{ row: TripEventRow; revision: number } | undefined> {
  if (!rowFree(patch)) return undefined;
  // Zone-free by rowFree: the zone argument is not used for the instants.
  const cols = Object.entries({ ...columnsOf(patch, "UTC"), updatedAt: new Date() }).filter(
    ([, v]) => v !== undefined,
  ) as Array<[keyof typeof EVENT_COLUMNS, unknown]>;
  const set = sql.join(
    cols.map(([k, v]) => sql`${sql.identifier(EVENT_COLUMNS[k].name)} = ${param(v, EVENT_COLUMNS[k] as never)}`),
    sql`, `,
  );
  const start =
    patch.startDateTime !== undefined
      ? param(new Date(patch.startDateTime), EVENT_COLUMNS.startAt as never)
      : sql`e.start_at`;
  const end =
    patch.endDateTime !== undefined
      ? param(patch.endDateTime === null ? null : new Date(patch.endDateTime), EVENT_COLUMNS.endAt as never)
      : sql`e.end_at`;
  const row = await oneStatement(eventId, userId, {
    // The same checks as patchProblems for these fields, and needsGeo false (else the general path resolves the place).
    cte: sql`UPDATE trip_events e SET ${set} FROM bump
             WHERE e.id = ${eventId} AND e.trip_id = bump.id
               AND (e.geo_source IS NOT NULL OR e.geo_reason IS NOT NULL)
               AND (${end} IS NULL OR ${end} >= ${start})
             RETURNING e.*`,
    payload: { event_id: eventId, ...patch },
    deleted: false,
  });
  return row ? { row: eventRowFromJson(row.event), revision: Number(row.revision) } : undefined;
}

/** DELETE /api/events/{id} in one statement; undefined when the event is not there to delete (the general path answers). */
export async function removeEventInOneStatement(
  eventId: number,
  userId: string,
): Promise<{ tripId: number; revision: number } | undefined> {
  const row = await oneStatement(eventId, userId, {
    cte: sql`DELETE FROM trip_events e USING bump WHERE e.id = ${eventId} AND e.trip_id = bump.id RETURNING e.*`,
    payload: { event_id: eventId },
    deleted: true,
  });
  return row ? { tripId: Number(row.trip_id), revision: Number(row.revision) } : undefined;
}
