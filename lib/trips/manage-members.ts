import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { TRIP_ROLES, tripMembers, users, type TripRole } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { requireTripRole } from "./roles";

export const AddMemberInput = z
  .strictObject({
    email: z.string().trim().email("must be an email address"),
    role: z.enum(TRIP_ROLES, { error: `role must be one of: ${TRIP_ROLES.join(", ")}` }),
  })
  .meta({ id: "AddTripMember" });
export const ChangeRoleInput = z
  .strictObject({ role: z.enum(TRIP_ROLES, { error: `role must be one of: ${TRIP_ROLES.join(", ")}` }) })
  .meta({ id: "ChangeTripMemberRole" });

/** Adds a signed-up user (by email) to a trip. `actorUserId` null = admin CLI (no role check). */
export async function addMember(tripId: number, actorUserId: string | null, email: string, role: TripRole) {
  if (actorUserId) await requireTripRole(tripId, actorUserId, "owner");
  const db = await getDb();
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!u)
    throw new ApiError("bad_request", `No user with email ${email} has signed up; members must have an account first.`);
  const inserted = await db
    .insert(tripMembers)
    .values({ tripId, userId: u.id, role })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0)
    throw new ApiError("conflict", `${email} is already a member of this trip; change their role instead.`);
  return { user_id: u.id, email: u.email, name: u.name, role, added_at: inserted[0].createdAt.toISOString() };
}

/** Changes a member's role, or removes them (role null); the trip always keeps an owner. */
export async function changeMember(tripId: number, actorUserId: string, memberUserId: string, role: TripRole | null) {
  await requireTripRole(tripId, actorUserId, "owner");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Lock the trip's owner rows so two owners cannot demote each other at once.
    const owners = await tx
      .select({ userId: tripMembers.userId })
      .from(tripMembers)
      .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.role, "owner")))
      .for("update");
    const [m] = await memberRow(tx, tripId, memberUserId);
    if (!m) throw notFound("Member");
    if (m.role === "owner" && role !== "owner" && owners.length <= 1) {
      throw new ApiError("conflict", "A trip must keep at least one owner; make another member an owner first.");
    }
    const where = and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, memberUserId));
    if (role === null) {
      await tx.delete(tripMembers).where(where);
      return null;
    }
    const [u] = await tx.update(tripMembers).set({ role }).where(where).returning();
    const [person] = await tx.select().from(users).where(eq(users.id, memberUserId)).limit(1);
    return {
      user_id: memberUserId,
      email: person.email,
      name: person.name,
      role: u.role,
      added_at: u.createdAt.toISOString(),
    };
  });
}

function memberRow(tx: Tx, tripId: number, userId: string) {
  return tx
    .select()
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
    .limit(1);
}
