import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { isTransport, tripEvents, type TripEventRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { explainNothingBumped, writeTripStatement } from "@/lib/trips/ops/write-trip-statement";
import { resolveGeoColumns } from "./resolve-event-geo";
import { columnsOf, placeZone } from "./store-events";
import type { EventCreateInput } from "./event-schemas";
import { eventRowFromJson } from "./read-trip-snapshot";
import { HAS_OFFSET } from "@/lib/trips/time";

const EVENT_COLUMNS = getTableColumns(tripEvents);

/** A typed parameter: INSERT … SELECT does not infer parameter types from the target columns. */
export function param(value: unknown, column: { getSQLType(): string; mapToDriverValue(v: unknown): unknown }): SQL {
  return sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
}

/** An event's columns as `(names)` and typed `values` of an INSERT … SELECT (undefined ones left to their defaults). */
export function eventInsertColumns(row: Record<string, unknown>): { names: SQL; values: SQL } {
  const entries = Object.entries(row).filter(([, v]) => v !== undefined) as Array<
    [keyof typeof EVENT_COLUMNS, unknown]
  >;
  return {
    names: sql.join(
      entries.map(([k]) => sql.identifier(EVENT_COLUMNS[k].name)),
      sql`, `,
    ),
    values: sql.join(
      entries.map(([k, v]) => param(v, EVENT_COLUMNS[k] as never)),
      sql`, `,
    ),
  };
}

/**
 * `add_event` without an op_id (ops) or an event created through /api in ONE statement (no BEGIN/COMMIT round trips):
 * the trip write kernel's statement (ops/write-trip-statement.ts) with the event insert as its
 * mutation, atomic as any single statement. Applies only when the event's instants do not need
 * the trip's zone (offsets given, or the event's own zone); otherwise returns undefined and
 * the caller takes the general path. Nothing bumped: 404/403 from the role, else 409.
 */
export async function addEventInOneStatement(
  tripId: number,
  userId: string,
  requestPayload: Record<string, unknown>,
  input: EventCreateInput,
  /** `ops` with the client's base revision; `api` (event CRUD) applies at whatever revision the trip is. */
  via: { source: "ops"; baseRevision: number } | { source: "api" },
): Promise<{ revision: number; eventId: number; row: TripEventRow } | undefined> {
  const baseRevision = via.source === "ops" ? via.baseRevision : undefined;
  const zoneFree = (s: string | null | undefined) => s == null || HAS_OFFSET.test(s);
  if (!input.timeZone && !(zoneFree(input.startDateTime) && zoneFree(input.endDateTime))) return undefined;
  // The gazetteer's zone hint is the trip's zone unless the event has its own: read in the general path.
  if (
    !input.timeZone &&
    input.lat == null &&
    !(input.type === "flight" && (input.departureAirport || input.arrivalAirport)) &&
    (input.location || input.address)
  )
    return undefined;
  if (!input.timeZone && input.arrivalLocation) return undefined;
  // A transport's local arrival is read in its arrival place's zone (resolved in the general path).
  if (isTransport(input.type) && !zoneFree(input.endDateTime)) return undefined;
  const db = await getDb();
  const geo = await resolveGeoColumns(db, input, { tripId, zone: input.timeZone ?? "UTC" });
  // Zone-free instants or the event's own zone: the zone column is the one given, else the place's, else the trip's.
  const eventZone = input.timeZone ?? placeZone(input.type, geo);
  const { timeZone: _zone, ...cols } = columnsOf(input, input.timeZone ?? "UTC");
  const { names, values } = eventInsertColumns({ type: input.type, title: input.title, ...cols, ...geo });
  const target = { trip: tripId, baseRevision, role: { userId, need: "edit" as const } };
  const row = await queryOne<{ revision: number; event: Record<string, unknown> | string }>(
    db,
    writeTripStatement({
      target,
      bumpReturning: sql`time_zone`,
      mutation: sql`ev AS (
          INSERT INTO trip_events (trip_id, time_zone, ${names})
          SELECT bump.id, coalesce(${eventZone}::text, bump.time_zone), ${values} FROM bump
          RETURNING *
        )`,
      op: {
        source: via.source,
        type: "add_event",
        payload: requestPayload,
        affected: sql`ARRAY[ev.id]`,
        actorUserId: userId,
        from: sql`bump, ev`,
      },
      select: sql`SELECT op.revision, row_to_json(ev) AS event FROM op, ev`,
    }),
  );
  if (row) {
    const event = eventRowFromJson(row.event);
    return { revision: Number(row.revision), eventId: event.id, row: event };
  }
  return explainNothingBumped(db, { tripId, baseRevision, role: target.role });
}
