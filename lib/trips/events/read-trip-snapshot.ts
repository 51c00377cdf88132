import { getTableColumns, sql, type SQL } from "drizzle-orm";
import {
  tripEvents,
  tripOps,
  type TripBuffers,
  type TripEventRow,
  type TripOpRow,
  type TripRole,
} from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { memberRoleSql } from "@/lib/trips/member-role-sql";

const EVENT_COLUMNS = Object.entries(getTableColumns(tripEvents));
const OP_COLUMNS = Object.entries(getTableColumns(tripOps));

/** A row of a table as json_agg wrote it -> the row drizzle would have returned (same driver mapping). */
function fromJson<T>(columns: typeof EVENT_COLUMNS | typeof OP_COLUMNS, j: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, col] of columns) {
    const v = j[col.name];
    out[key] =
      v === null || v === undefined ? null : (col as { mapFromDriverValue(v: unknown): unknown }).mapFromDriverValue(v);
  }
  return out as T;
}

/**
 * Every change of a trip's events bumps its revision in the same transaction; the row's xmin
 * also changes with any update, so a version is never reused (not even by a trip recreated
 * under the same id and revision in a reset test database).
 */
const VERSION = sql`(t.revision::text || ':' || t.xmin::text)`;

/** A row of `table` as row_to_json wrote it (a JSON string from PGlite, an object from postgres-js). */
export function rowFromJson<T>(table: Parameters<typeof getTableColumns>[0], j: Record<string, unknown> | string): T {
  return fromJson<T>(
    Object.entries(getTableColumns(table)) as typeof EVENT_COLUMNS,
    typeof j === "string" ? JSON.parse(j) : j,
  );
}

/** An event row as row_to_json/json_agg wrote it (a JSON string from PGlite, an object from postgres-js). */
export const eventRowFromJson = (j: Record<string, unknown> | string): TripEventRow =>
  fromJson<TripEventRow>(EVENT_COLUMNS, typeof j === "string" ? JSON.parse(j) : j);

/** The caller's role on the trip (null for a job acting without a user). */
const role = (userId: string | null) => (userId === null ? sql`NULL::text` : memberRoleSql(sql`t.id`, userId));

const parse = (v: unknown): Array<Record<string, unknown>> =>
  typeof v === "string" ? JSON.parse(v) : ((v as Array<Record<string, unknown>>) ?? []);

export interface TripSnapshot {
  /** The caller's role, null for a non-member. */
  role: TripRole | null;
  trip: {
    id: number;
    revision: number;
    timeZone: string;
    opLogFloor: number;
    startDate: string | null;
    endDate: string | null;
    buffers: TripBuffers | null;
  };
  events: TripEventRow[];
  ops: TripOpRow[];
  /** Events touched after `since` (diffs): ids named by those ops. */
  touched: number[];
  /** The trip row's version (revision and row version): equal versions have equal events. */
  version: string;
  /** True when the trip was at `unlessVersion`: the events (and a diff's ops) were not read (the caller holds them). */
  eventsOmitted: boolean;
}

/**
 * The caller's role, the trip, and its events (all, or those touched after `since` with the ops) in
 * ONE statement: one round trip instead of role check + BEGIN + reads + COMMIT, and one statement
 * sees one snapshot, so the revision and the events always agree. Undefined for an unknown trip.
 */
export async function readTripSnapshot(
  db: DbOrTx,
  tripId: number,
  userId: string | null,
  since?: number,
  unlessVersion?: string,
): Promise<TripSnapshot | undefined> {
  const diff = since !== undefined;
  // A caller holding the answer for a version of the trip row skips the aggregations while it is current.
  const unlessHeld = (q: SQL) =>
    unlessVersion === undefined ? q : sql`CASE WHEN ${VERSION} = ${unlessVersion} THEN NULL ELSE ${q} END`;
  const events = sql`(SELECT coalesce(json_agg(e), '[]') FROM trip_events e WHERE e.trip_id = t.id)`;
  const row = await queryOne<Record<string, unknown>>(
    db,
    diff
      ? sql`WITH o AS (SELECT * FROM trip_ops WHERE trip_id = ${tripId} AND revision > ${since}),
                 touched AS (SELECT DISTINCT unnest(affected_event_ids || deleted_event_ids) AS id FROM o)
            SELECT t.id, t.revision, t.time_zone, t.op_log_floor, t.start_date::text AS start_date, t.end_date::text AS end_date, t.buffers,
                   ${role(userId)} AS role, ${VERSION} AS version,
                   ${unlessHeld(sql`(SELECT coalesce(json_agg(o ORDER BY o.revision), '[]') FROM o)`)} AS ops,
                   ${unlessHeld(sql`(SELECT coalesce(json_agg(e), '[]') FROM trip_events e WHERE e.trip_id = t.id AND e.id IN (SELECT id FROM touched))`)} AS events,
                   ${unlessHeld(sql`(SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM touched)`)} AS touched
            FROM trips t WHERE t.id = ${tripId}`
      : sql`SELECT t.id, t.revision, t.time_zone, t.op_log_floor, t.start_date::text AS start_date, t.end_date::text AS end_date, t.buffers,
                   ${role(userId)} AS role, ${VERSION} AS version,
                   ${unlessHeld(events)} AS events
            FROM trips t WHERE t.id = ${tripId}`,
  );
  if (!row) return undefined;
  return {
    role: (row.role as TripRole | null) ?? null,
    trip: {
      id: Number(row.id),
      revision: Number(row.revision),
      timeZone: row.time_zone as string,
      opLogFloor: Number(row.op_log_floor),
      startDate: (row.start_date as string | null) ?? null,
      endDate: (row.end_date as string | null) ?? null,
      buffers: (row.buffers as TripBuffers | null) ?? null,
    },
    events: parse(row.events).map((j) => fromJson<TripEventRow>(EVENT_COLUMNS, j)),
    ops: diff ? parse(row.ops).map((j) => fromJson<TripOpRow>(OP_COLUMNS, j)) : [],
    touched: diff ? ((row.touched as Array<number | string>) ?? []).map(Number) : [],
    version: String(row.version ?? ""),
    eventsOmitted: row.events === null,
  };
}
