import { sql, type SQL } from "drizzle-orm";
import type { TripRole } from "@/drizzle/schema";

/**
 * The one way SQL reads a caller's trip membership (reads and the write kernel alike), so a new
 * role rule has one place to go. Both are indexed lookups on trip_members (trip_id, user_id) and
 * sit inside the caller's statement: no extra round trip.
 */

/** The caller's role on the trip `tripId` names (an id or a column such as `t.id`): NULL for a non-member. */
export function memberRoleSql(tripId: number | SQL, userId: string): SQL {
  return sql`(SELECT m.role FROM trip_members m WHERE m.trip_id = ${tripId} AND m.user_id = ${userId}::uuid)`;
}

/** True when the caller is a member of the trip with one of `roles` (e.g. ALLOWED.edit). */
export function memberHasRoleSql(tripId: number | SQL, userId: string, roles: readonly TripRole[]): SQL {
  const list = sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = ${tripId} AND m.user_id = ${userId}::uuid AND m.role IN (${list}))`;
}
