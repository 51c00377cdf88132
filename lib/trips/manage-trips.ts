import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { TimeZoneName } from "@/lib/time/time-zone";
import { TRIP_ROLES, tripMembers, trips, users, type TripRole, type TripRow } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { requireTripRole } from "./roles";
import { isSupportedDate } from "./time";

/** ISO 4217 alphabetic code (upper case). */
export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code in capitals, such as EUR or USD")
  .meta({ pattern: "^[A-Z]{3}$", description: "ISO 4217 currency of the trip's costs, e.g. EUR" });

const BufferMinutes = z
  .number()
  .int("must be whole minutes")
  .min(0, "must be 0 or more")
  .max(1440, "must be at most 1440 (a day)");
/** Per-trip overrides of the planner's buffers before departures (docs/trips.md: defaults flight 120, train/ferry/bus 30). */
export const TripBuffersSchema = z
  .strictObject({
    flightMinutes: BufferMinutes.optional().meta({ description: "Before a flight's departure; default 120" }),
    trainMinutes: BufferMinutes.optional().meta({ description: "Before a train's departure; default 30" }),
    ferryMinutes: BufferMinutes.optional().meta({ description: "Before a ferry's departure; default 30" }),
    busMinutes: BufferMinutes.optional().meta({ description: "Before a bus's departure; default 30" }),
  })
  .meta({ id: "TripBuffers" });

const TripDate = z.iso.date().refine(isSupportedDate, "must be a date in the years 1000 to 9998");

export const CreateTripInput = z
  .strictObject({
    name: z.string().trim().min(1, "name is required").max(200),
    time_zone: TimeZoneName.default("UTC"),
    start_date: TripDate.nullable().optional(),
    end_date: TripDate.nullable().optional(),
    currency: CurrencyCode.default("EUR"),
    buffers: TripBuffersSchema.nullable()
      .optional()
      .meta({ description: "Buffers the planner keeps before departures; absent or null: the defaults" }),
  })
  .refine((t) => !t.start_date || !t.end_date || t.end_date >= t.start_date, {
    path: ["end_date"],
    message: "end_date must not be before start_date",
  })
  .meta({ id: "CreateTrip" });
export type CreateTripInput = z.output<typeof CreateTripInput>;

export const TripSchema = z
  .object({
    trip_id: z.number().int(),
    name: z.string(),
    time_zone: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    currency: CurrencyCode,
    buffers: TripBuffersSchema.nullable().meta({
      description: "Buffer overrides before departures (null: the defaults flight 120, train/ferry/bus 30 minutes)",
    }),
    revision: z.number().int(),
    role: z.enum(TRIP_ROLES),
    created_at: z.string(),
  })
  .meta({ id: "Trip" });
export type TripBody = z.output<typeof TripSchema>;

function toTrip(t: TripRow, role: TripRole): TripBody {
  return {
    trip_id: t.id,
    name: t.name,
    time_zone: t.timeZone,
    start_date: t.startDate,
    end_date: t.endDate,
    currency: t.currency,
    buffers: t.buffers ?? null,
    revision: t.revision,
    role,
    created_at: t.createdAt.toISOString(),
  };
}

/** Creates a trip at revision 0 with the creator as its owner. */
export async function createTrip(
  ownerUserId: string,
  input: Omit<CreateTripInput, "currency"> & { currency?: string },
): Promise<TripBody> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(trips)
      .values({
        name: input.name,
        timeZone: input.time_zone,
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
        currency: input.currency ?? "EUR",
        buffers: input.buffers ?? null,
        createdBy: ownerUserId,
      })
      .returning();
    await tx.insert(tripMembers).values({ tripId: t.id, userId: ownerUserId, role: "owner" });
    return toTrip(t, "owner");
  });
}

/** The caller's trips, newest first, with their revision and the caller's role. */
export async function listTrips(userId: string): Promise<TripBody[]> {
  const db = await getDb();
  const rows = await db
    .select({ trip: trips, role: tripMembers.role })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(sql`${trips.createdAt} desc`, sql`${trips.id} desc`);
  return rows.map((r) => toTrip(r.trip, r.role));
}

export const UpdateTripInput = z
  .strictObject({
    buffers: TripBuffersSchema.nullable().meta({
      description: "Buffer overrides before departures; null: the defaults",
    }),
  })
  .meta({ id: "UpdateTrip" });
export type UpdateTripInput = z.output<typeof UpdateTripInput>;

/** Changes a trip's settings (members who may edit); its events and revision are untouched. */
export async function updateTrip(tripId: number, userId: string, input: UpdateTripInput): Promise<TripBody> {
  const role = await requireTripRole(tripId, userId, "edit");
  const db = await getDb();
  const [t] = await db
    .update(trips)
    .set({ buffers: input.buffers, updatedAt: new Date() })
    .where(eq(trips.id, tripId))
    .returning();
  return toTrip(t, role);
}

export async function getTrip(tripId: number, userId: string): Promise<TripBody> {
  const role = await requireTripRole(tripId, userId, "read");
  const db = await getDb();
  const [t] = await db.select().from(trips).where(eq(trips.id, tripId)).limit(1);
  return toTrip(t, role);
}

export const MemberSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(TRIP_ROLES),
    added_at: z.string(),
  })
  .meta({ id: "TripMember" });

export async function listMembers(tripId: number, userId: string) {
  await requireTripRole(tripId, userId, "read");
  const db = await getDb();
  const rows = await db
    .select({ m: tripMembers, email: users.email, name: users.name })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(eq(tripMembers.tripId, tripId))
    .orderBy(asc(tripMembers.createdAt), asc(users.email));
  return rows.map((r) => ({
    user_id: r.m.userId,
    email: r.email,
    name: r.name,
    role: r.m.role,
    added_at: r.m.createdAt.toISOString(),
  }));
}
