import { z } from "zod";
import { TRIP_ROLES } from "@/drizzle/schema";
import { addMember } from "@/lib/trips/manage-members";
import { createTrip } from "@/lib/trips/manage-trips";
import { isValidTimeZone } from "@/lib/trips/time";
import { userByEmail } from "./accounts";
import { command } from "./types";

export const tripCommands = {
  "create-trip": command({
    summary: "Create a trip owned by a user: --owner-email E --name N [--timezone Z] [--start-date D] [--end-date D]",
    flags: z.object({
      ownerEmail: z.string(),
      name: z.string().min(1),
      timezone: z.string().refine(isValidTimeZone, "must be an IANA time zone").default("UTC"),
      startDate: z.iso.date().optional(),
      endDate: z.iso.date().optional(),
    }),
    async run(f) {
      const { user } = await userByEmail(f.ownerEmail);
      const t = await createTrip(user.id, {
        name: f.name,
        time_zone: f.timezone,
        start_date: f.startDate,
        end_date: f.endDate,
      });
      return { trip_id: t.trip_id };
    },
  }),
  "add-member": command({
    summary: "Add a user to a trip: --trip-id T --email E --role owner|planner|editor|viewer",
    flags: z.object({ tripId: z.coerce.number().int().positive(), email: z.string(), role: z.enum(TRIP_ROLES) }),
    async run(f) {
      const m = await addMember(f.tripId, null, f.email, f.role);
      return { trip_id: f.tripId, user_id: m.user_id, role: m.role };
    },
  }),
};
