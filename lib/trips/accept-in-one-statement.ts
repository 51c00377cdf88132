import { sql } from "drizzle-orm";
import { tripOps, type TripProposalRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { eventInsertColumns, param } from "./add-event-one-statement";
import { resolveGeoColumns } from "./event-geo";
import type { EventCreateInput } from "./event-schemas";
import { columnsOf, placeZone } from "./event-store";
import { ALLOWED } from "./roles";

export interface AcceptedInOneStatement {
  revision: number;
  createdEventIds: number[];
}

/**
 * Accepting a proposal whose chosen option changes no existing event (it only creates its
 * entities) in ONE statement, so the trip's row lock is held for one statement instead of a
 * transaction of five round trips. Same invariants as the general path (resolve-proposal.ts):
 *
 * - `t` locks the trip row first (FOR UPDATE) and re-checks, on the committed row a waiter gets,
 *   the caller's edit role, the trip's zone the event times were computed in and the proposal's
 *   base revision (READ COMMITTED re-evaluates a locked row's conditions);
 * - `claim` is the same conditional status change as the general path (pending and unexpired);
 *   a concurrent accept or reject that committed first makes it match nothing. It also draws the
 *   new events' ids from their sequence, so the proposal row is written once;
 * - the revision bump, the event inserts and the op-log row hang off `claim`, so either all of
 *   them happen or none (one statement is atomic).
 *
 * Returns undefined when nothing was applied (not a member, not pending, stale base revision,
 * zone changed): the caller then takes the general path, which says which.
 */
export async function acceptInOneStatement(a: {
  tripId: number;
  userId: string;
  row: TripProposalRow;
  tripZone: string;
  now: Date;
  selectedOptionId: string | null;
  inputs: EventCreateInput[];
}): Promise<AcceptedInOneStatement | undefined> {
  const db = await getDb();
  const inserts = await Promise.all(
    a.inputs.map(async (input) => {
      const hint = input.timeZone ?? a.tripZone;
      const geo = await resolveGeoColumns(db, input, { tripId: a.tripId, zone: hint });
      // The proposal's times carry offsets (proposal-times.ts); the zone shown is the place's for transport and stays.
      const zone = input.timeZone ?? placeZone(input.type, geo) ?? a.tripZone;
      return eventInsertColumns({
        ...columnsOf(input, zone),
        ...geo,
        tripId: a.tripId,
        type: input.type,
        title: input.title,
        timeZone: zone,
      });
    }),
  );
  const atBase = a.row.baseRevision == null ? sql`` : sql` AND revision = ${a.row.baseRevision}`;
  const roles = sql.join(
    ALLOWED.edit.map((r) => sql`${r}`),
    sql`, `,
  );
  const now = a.now.toISOString();
  const payload = { proposal_id: a.row.id, selected_option_id: a.selectedOptionId };
  const events = inserts.map(
    ({ names, values }, i) =>
      sql`, ev${sql.raw(String(i))} AS (
          INSERT INTO trip_events (id, ${names}) SELECT claim.ids[${i + 1}::int], ${values} FROM bump, claim RETURNING id)`,
  );
  const row = await queryOne<{ revision: number; ids: number[] }>(
    db,
    sql`WITH t AS (
          SELECT id FROM trips
          WHERE id = ${a.tripId} AND time_zone = ${a.tripZone}${atBase}
            AND EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = trips.id AND m.user_id = ${a.userId}::uuid AND m.role IN (${roles}))
          FOR UPDATE
        ), claim AS (
          UPDATE trip_proposals
          SET status = 'accepted', accepted_at = ${now}::timestamptz, selected_option_id = ${a.selectedOptionId}, resolved_by = ${a.userId}::uuid,
              created_event_ids = ARRAY(SELECT nextval(pg_get_serial_sequence('trip_events', 'id'))::integer FROM generate_series(1, ${a.inputs.length}::int) g ORDER BY g)
          WHERE id = ${a.row.id}::uuid AND trip_id IN (SELECT id FROM t) AND status = 'pending' AND expires_at > ${now}::timestamptz
          RETURNING created_event_ids AS ids
        ), bump AS (
          UPDATE trips SET revision = revision + 1, updated_at = now()
          WHERE id = ${a.tripId} AND EXISTS (SELECT 1 FROM claim)
          RETURNING id, revision
        )${sql.join(events, sql``)}, op AS (
          INSERT INTO trip_ops (trip_id, revision, source, type, payload, affected_event_ids, deleted_event_ids, actor_user_id)
          SELECT bump.id, bump.revision, 'proposal', 'accept_proposal', ${param(payload, tripOps.payload as never)}, claim.ids, '{}'::integer[], ${a.userId}::uuid
          FROM bump, claim
          RETURNING revision
        )
        SELECT op.revision, claim.ids FROM op, claim`,
  );
  if (!row) return undefined;
  return { revision: Number(row.revision), createdEventIds: (row.ids ?? []).map(Number) };
}
