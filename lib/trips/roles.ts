import { sql } from "drizzle-orm";
import type { TripRole } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/http/errors";
import { memberRoleSql } from "./member-role-sql";

/** What a caller wants to do on a trip; each need lists the roles that may. */
export type TripNeed = "read" | "edit" | "owner";

export const ALLOWED: Record<TripNeed, readonly TripRole[]> = {
  read: ["owner", "planner", "editor", "viewer"],
  edit: ["owner", "planner", "editor"],
  owner: ["owner"],
};

export function roleMay(role: TripRole, need: TripNeed): boolean {
  return ALLOWED[need].includes(role);
}

/**
 * The caller's role on a trip. A non-member (or an unknown trip) gets 404 so trip
 * ids do not leak; a member whose role is too weak gets 403.
 */
export async function requireTripRole(tripId: number, userId: string, need: TripNeed, db?: DbOrTx): Promise<TripRole> {
  const d = db ?? (await getDb());
  const m = await queryOne<{ role: TripRole | null }>(d, sql`SELECT ${memberRoleSql(tripId, userId)} AS role`);
  return checkTripRole(m?.role, need);
}

/** A caller's role read along with a trip: 404 for a non-member (trip ids do not leak), 403 for a role too weak for `need`. */
export function checkTripRole(role: TripRole | null | undefined, need: TripNeed): TripRole {
  if (!role) throw notFound("Trip");
  if (!roleMay(role, need)) throw roleTooWeak(role, need);
  return role;
}

/** 403 for a member whose role may not do `need`. */
export function roleTooWeak(role: TripRole, need: TripNeed): ApiError {
  return new ApiError(
    "forbidden",
    `Your role on this trip is ${role}; this action needs one of: ${ALLOWED[need].join(", ")}.`,
  );
}
