import { sql } from "drizzle-orm";
import type { TripProposalRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { writeTripStatement } from "@/lib/trips/ops/write-trip-statement";
import { eventInsertColumns } from "@/lib/trips/events/add-event-in-one-statement";
import { resolveGeoColumns } from "@/lib/trips/events/resolve-event-geo";
import type { EventCreateInput } from "@/lib/trips/events/event-schemas";
import { columnsOf, placeZone } from "@/lib/trips/events/store-events";

export interface AcceptedInOneStatement {
  revision: number;
  createdEventIds: number[];
}

/**
 * Accepting a proposal whose chosen option changes no existing event (it only creates its
 * entities) in ONE statement, so the trip's row lock is held for one statement instead of a
 * transaction of five round trips: the trip write kernel's statement (ops/write-trip-statement.ts)
 * with the proposal's claim before the bump. Same invariants as the general path (resolve-proposal.ts):
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
  const now = a.now.toISOString();
  const events = inserts.map(
    ({ names, values }, i) =>
      sql`ev${sql.raw(String(i))} AS (
          INSERT INTO trip_events (id, ${names}) SELECT claim.ids[${i + 1}::int], ${values} FROM bump, claim RETURNING id)`,
  );
  const row = await queryOne<{ revision: number; ids: number[] }>(
    db,
    writeTripStatement({
      target: {
        trip: a.tripId,
        also: sql`time_zone = ${a.tripZone}`,
        baseRevision: a.row.baseRevision ?? undefined,
        role: { userId: a.userId, need: "edit" },
      },
      claim: {
        name: "claim",
        ctes: sql`claim AS (
          UPDATE trip_proposals
          SET status = 'accepted', accepted_at = ${now}::timestamptz, selected_option_id = ${a.selectedOptionId}, resolved_by = ${a.userId}::uuid,
              created_event_ids = ARRAY(SELECT nextval(pg_get_serial_sequence('trip_events', 'id'))::integer FROM generate_series(1, ${a.inputs.length}::int) g ORDER BY g)
          WHERE id = ${a.row.id}::uuid AND trip_id IN (SELECT id FROM t) AND status = 'pending' AND expires_at > ${now}::timestamptz
          RETURNING created_event_ids AS ids
        )`,
      },
      mutation: events.length ? sql.join(events, sql`, `) : undefined,
      op: {
        source: "proposal",
        type: "accept_proposal",
        payload: { proposal_id: a.row.id, selected_option_id: a.selectedOptionId },
        affected: sql`claim.ids`,
        actorUserId: a.userId,
        from: sql`bump, claim`,
      },
      select: sql`SELECT op.revision, claim.ids FROM op, claim`,
    }),
  );
  if (!row) return undefined;
  return { revision: Number(row.revision), createdEventIds: (row.ids ?? []).map(Number) };
}
