import { z } from "zod";
import { PROPOSAL_STATUSES } from "@/drizzle/schema";
import { EventPatchInput, ProposalEntityInput } from "@/lib/trips/events/event-schemas";
import { ProposalOptionChecks } from "./proposal-check-schemas";
import { isIsoDateTime } from "@/lib/trips/time";
import { PROPOSAL_LIMITS } from "@/lib/trips/proposal-limits";

/** Default lifetime of a proposal when the agent sends no expires_at. */
export const PROPOSAL_DEFAULT_TTL_HOURS = 72;
export const PROPOSAL_MAX_TTL_DAYS = 30;

const DateTimeString = z
  .string()
  .refine(isIsoDateTime, "must be an ISO 8601 date-time, years 1000 to 9998")
  .meta({ format: "date-time" });
const INT4_MAX = 2147483647;
const EventRef = z
  .number()
  .int()
  .positive()
  .max(INT4_MAX, `must be an event id (a positive integer up to ${INT4_MAX})`);

/** A change to an existing event of the trip, applied on accept through the ops engine. */
export const ProposalChangeInput = z
  .discriminatedUnion(
    "type",
    [
      z
        .strictObject({
          type: z.literal("move_event"),
          event_id: EventRef,
          startDateTime: DateTimeString.meta({
            description: "New start (with an offset; without one it is read in the event's time zone)",
          }),
          endDateTime: DateTimeString.nullable().meta({ description: "New end; null for an event without an end" }),
        })
        .meta({ id: "ProposalChange_move_event", description: "Move an event to new times (its other fields stay)" }),
      z.strictObject({ type: z.literal("update_event"), event_id: EventRef, changes: EventPatchInput }).meta({
        id: "ProposalChange_update_event",
        description: "Change fields of an event (TripEventPatch: null clears an optional field)",
      }),
      z
        .strictObject({ type: z.literal("remove_event"), event_id: EventRef })
        .meta({ id: "ProposalChange_remove_event", description: "Remove an event" }),
    ],
    { error: "type must be one of: move_event, update_event, remove_event" },
  )
  .meta({
    id: "ProposalChange",
    examples: [
      {
        type: "move_event",
        event_id: 5012,
        startDateTime: "2027-05-06T10:00:00+01:00",
        endDateTime: "2027-05-06T16:00:00+01:00",
      },
      {
        type: "update_event",
        event_id: 5013,
        changes: { title: "Sintra palaces (indoor tour)", activityType: "museum" },
      },
      { type: "remove_event", event_id: 5014 },
    ],
  });
export type ProposalChangeInput = z.output<typeof ProposalChangeInput>;

const Level = z.enum(["low", "watch", "warning"]);
const nullableNumber = z.number().finite().nullable();

/** The forecast an option relies on (the weather planner fills it; other agents may). */
export const ProposalOptionForecast = z
  .strictObject({
    provider: z.string().max(100).nullable().optional(),
    snapshot_id: z.string().max(200).nullable().optional().meta({ description: "The cached forecast snapshot judged" }),
    fetched_at: DateTimeString.nullable().optional(),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
    windows: z
      .array(
        z.strictObject({
          role: z
            .enum(["current", "proposed"])
            .meta({ description: "current: the event as it stands; proposed: where this option puts it" }),
          event_id: EventRef,
          start: DateTimeString,
          end: DateTimeString,
          risk_level: Level,
          reasons: z.array(z.string().max(300)).max(10),
        }),
      )
      .max(10),
    hours: z
      .array(
        z.strictObject({
          time: DateTimeString,
          precipitation_mm: nullableNumber,
          precipitation_probability: nullableNumber,
          wind_gust_kph: nullableNumber,
          temperature_c: nullableNumber,
          weather_code: z.number().int().nullable(),
          is_day: z.boolean().nullable(),
        }),
      )
      .max(PROPOSAL_LIMITS.forecastHours),
  })
  .meta({ id: "ProposalOptionForecast" });

export const ProposalOptionInput = z
  .strictObject({
    id: z.string().trim().min(1).max(64),
    score: z.number().finite(),
    label: z.string().trim().max(200).optional(),
    description: z.string().trim().max(2000).optional(),
    schedule: z
      .array(
        z.strictObject({
          entity_index: z.number().int().min(0),
          startDateTime: DateTimeString,
          endDateTime: DateTimeString.nullable().optional(),
        }),
      )
      .max(PROPOSAL_LIMITS.scheduleEntries)
      .optional()
      .meta({ description: "Times this option gives entities (by index); they override the entity's own times" }),
    changes: z
      .array(ProposalChangeInput)
      .max(PROPOSAL_LIMITS.changes, `at most ${PROPOSAL_LIMITS.changes} changes per option`)
      .optional()
      .meta({
        description:
          "Changes to existing events, applied in order and atomically on accept (needs the proposal's base_revision)",
      }),
    reason: z
      .string()
      .trim()
      .max(300)
      .optional()
      .meta({ description: 'One line: why this option, e.g. "rain 8 mm/h 14:00-17:00; dry after 18:00"' }),
    forecast: ProposalOptionForecast.optional(),
    needs_rebooking: z.boolean().optional().meta({
      description: "A transport leg: the new time is a departure to book with the operator, not a move alone",
    }),
    rebooking_reason: z.string().trim().max(300).nullable().optional().meta({ description: "needs_rebooking: why" }),
    checks: ProposalOptionChecks.optional(),
  })
  .meta({ id: "ProposalOption" });
export type ProposalOptionInput = z.output<typeof ProposalOptionInput>;

export const CreateProposalInput = z
  .strictObject({
    actor_agent_id: z.string().trim().min(1, "actor_agent_id is required").max(200),
    entities: z
      .array(ProposalEntityInput)
      .max(PROPOSAL_LIMITS.entities, `at most ${PROPOSAL_LIMITS.entities} entities per proposal`)
      .default([])
      .meta({ description: "Events to create on accept; may be empty when every option carries changes" }),
    options: z
      .array(ProposalOptionInput)
      .max(PROPOSAL_LIMITS.options, `at most ${PROPOSAL_LIMITS.options} options per proposal`)
      .optional(),
    base_revision: z.number().int().min(0).max(INT4_MAX, "base_revision is beyond any trip revision").optional().meta({
      description:
        "The trip revision the proposal was made at; required when an option has changes. Accepting applies only while the trip is still at it (else 409 STALE_REVISION)",
    }),
    subject_event_id: EventRef.optional().meta({
      description: "The existing event the proposal is about (shown beside it)",
    }),
    expires_at: DateTimeString.optional().meta({
      description: `When the proposal expires if still pending; default ${PROPOSAL_DEFAULT_TTL_HOURS} hours after creation, at most ${PROPOSAL_MAX_TTL_DAYS} days`,
    }),
  })
  .superRefine((p, ctx) => {
    const ids = new Set<string>();
    const options = p.options ?? [];
    if (options.some((o) => o.changes?.length) && p.base_revision === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["base_revision"],
        message: "base_revision is required when an option has changes: the trip revision the proposal was made at",
      });
    if (p.entities.length === 0 && (options.length === 0 || options.some((o) => !o.changes?.length)))
      ctx.addIssue({
        code: "custom",
        path: ["entities"],
        message: "entities must hold at least one entity unless every option carries changes",
      });
    for (const [i, o] of options.entries()) {
      const touched = new Set<number>();
      for (const [j, c] of (o.changes ?? []).entries()) {
        if (touched.has(c.event_id))
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "changes", j, "event_id"],
            message: `event ${c.event_id} is changed twice in this option; merge the changes`,
          });
        touched.add(c.event_id);
        if (c.type === "move_event" && c.endDateTime && asUtc(c.endDateTime) < asUtc(c.startDateTime))
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "changes", j, "endDateTime"],
            message: "endDateTime must not be before startDateTime",
          });
      }
    }
    for (const [i, o] of options.entries()) {
      if (ids.has(o.id))
        ctx.addIssue({ code: "custom", path: ["options", i, "id"], message: `duplicate option id ${o.id}` });
      ids.add(o.id);
      for (const [j, s] of (o.schedule ?? []).entries())
        if (s.entity_index >= p.entities.length)
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "schedule", j, "entity_index"],
            message: `no entity at index ${s.entity_index}`,
          });
    }
    // Every entity needs a start time: its own, or one from every option.
    for (const [i, e] of p.entities.entries()) {
      const fromAll =
        (p.options?.length ?? 0) > 0 && p.options!.every((o) => o.schedule?.some((s) => s.entity_index === i));
      if (!e.startDateTime && !fromAll)
        ctx.addIssue({
          code: "custom",
          path: ["entities", i, "startDateTime"],
          message: "startDateTime is required unless every option schedules this entity",
        });
    }
  })
  .meta({ id: "CreateProposal" });
export type CreateProposalInput = z.output<typeof CreateProposalInput>;

/** Without a zone at hand: exact when both carry offsets (the accept re-checks in the event's zone). */
function asUtc(s: string): number {
  return Date.parse(/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(s) ? s : `${s}Z`);
}

export const ResolveProposalInput = z
  .strictObject({
    selected_option_id: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "accept: the chosen option; default the top-ranked one" }),
    reason: z.string().trim().max(1000).optional().meta({ description: "reject: why" }),
  })
  .meta({ id: "ResolveProposal" });

export const ProposalSummarySchema = z
  .object({
    proposal_id: z.string().uuid(),
    status: z.enum(PROPOSAL_STATUSES),
    actor_agent_id: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    subject_event_id: z.number().int().nullable().meta({ description: "The existing event the proposal is about" }),
  })
  .meta({ id: "ProposalSummary" });

export const ProposalSchema = ProposalSummarySchema.extend({
  trip_id: z.number().int(),
  entities: z
    .array(ProposalEntityInput)
    .meta({ description: "The entities as stored (normalised: trimmed, IATA codes upper-case)" }),
  options: z
    .array(ProposalOptionInput.extend({ rank: z.number().int() }))
    .meta({ description: "Ranked: highest score first" }),
  selected_option_id: z.string().nullable(),
  created_event_ids: z.array(z.number().int()).nullable(),
  accepted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  base_revision: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The trip revision the proposal is bound to (null: not bound)" }),
  superseded_by: z.string().nullable().meta({ description: "status superseded: the proposal that replaced this one" }),
  out_of_date: z
    .object({
      since_revision: z.number().int(),
      current_revision: z.number().int(),
      changed_events: z.array(
        z.object({
          event_id: z.number().int(),
          title: z.string().nullable(),
          removed: z.boolean(),
          revision: z.number().int(),
        }),
      ),
      history_pruned: z.boolean(),
    })
    .nullable()
    .optional()
    .meta({
      description:
        "GET: set while the proposal is pending and the trip changed an event it changes after base_revision (its changes no longer apply: reject it or ?action=replan); null when it still applies (an accept rebases it onto the current revision)",
    }),
}).meta({ id: "Proposal" });
export type ProposalBody = z.output<typeof ProposalSchema>;
