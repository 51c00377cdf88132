import { z } from "zod";
import { EVENT_PATCH_SHAPE, EventCreateInput, EventPatchInput, TYPE_RULE_DOC } from "@/lib/trips/events/event-schemas";
import { isSupportedDate } from "@/lib/trips/time";

/** The operations the timeline engine accepts on POST /v1/trips/{tripId}/ops, with their payloads. */
export const OP_TYPES = ["add_event", "update_event", "move_event", "remove_event", "reorder"] as const;
export type OpType = (typeof OP_TYPES)[number];

/** Ids and revisions are Postgres integers: larger values are malformed (400), not a database error (500). */
const INT4_MAX = 2147483647;
const EventId = z.number().int().positive().max(INT4_MAX, `must be an event id (a positive integer up to ${INT4_MAX})`);
const LocalDate = z.iso
  .date({ error: "must be a calendar date YYYY-MM-DD" })
  .refine(isSupportedDate, "must be a date in the years 1000 to 9998");
const LocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be a 24-hour time HH:MM in the trip's time zone");

export const OpPayloads = {
  add_event: EventCreateInput,
  update_event: z
    .object({ event_id: EventId })
    .catchall(z.unknown())
    .transform(({ event_id, ...changes }) => ({ event_id, changes }))
    .pipe(z.object({ event_id: EventId, changes: EventPatchInput })),
  move_event: z.strictObject({ event_id: EventId, date: LocalDate, time: LocalTime }),
  remove_event: z.strictObject({ event_id: EventId }),
  reorder: z.strictObject({
    date: LocalDate,
    event_ids: z.array(EventId).min(1).max(500),
  }),
} satisfies Record<OpType, z.ZodType>;

export const OpRequest = z.object({
  base_revision: z
    .number({ error: "base_revision is required: the trip revision your change is based on" })
    .int()
    .min(0)
    .max(INT4_MAX, "base_revision is beyond any trip revision"),
  type: z.enum(OP_TYPES, { error: `type must be one of: ${OP_TYPES.join(", ")}` }),
  payload: z.record(z.string(), z.unknown(), { error: "payload must be an object" }),
  op_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "Client idempotency key: a retry with the same op_id returns the original result" }),
});
export type OpRequest = z.output<typeof OpRequest>;

/** OpRequest as documented: one variant per type with its payload (the route checks the payload after the role). */
export const OpRequestDocumented = z
  .union(
    OP_TYPES.map((type) =>
      OpRequest.extend({
        type: z.literal(type),
        payload:
          type === "update_event"
            ? z.strictObject({ event_id: EventId, ...EVENT_PATCH_SHAPE }).meta(TYPE_RULE_DOC)
            : OpPayloads[type],
      }).meta({ id: `TripOperation_${type}` }),
    ) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
  )
  .meta({ id: "TripOperation" });
