import { z } from "zod";
import { PROPOSAL_STATUSES } from "@/drizzle/schema";
import { ProposalEntityInput } from "./event-schemas";
import { isIsoDateTime } from "./time";

/** Size caps (413-free, 400 with the field): a proposal is a short list of candidates. */
export const PROPOSAL_LIMITS = { entities: 50, options: 20, scheduleEntries: 50 } as const;
/** Default lifetime of a proposal when the agent sends no expires_at. */
export const PROPOSAL_DEFAULT_TTL_HOURS = 72;
export const PROPOSAL_MAX_TTL_DAYS = 30;

const DateTimeString = z.string().refine(isIsoDateTime, "must be an ISO 8601 date-time, years 1000 to 9998").meta({ format: "date-time" });

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
  })
  .meta({ id: "ProposalOption" });
export type ProposalOptionInput = z.output<typeof ProposalOptionInput>;

export const CreateProposalInput = z
  .strictObject({
    actor_agent_id: z.string().trim().min(1, "actor_agent_id is required").max(200),
    entities: z
      .array(ProposalEntityInput)
      .min(1, "entities must hold at least one entity")
      .max(PROPOSAL_LIMITS.entities, `at most ${PROPOSAL_LIMITS.entities} entities per proposal`),
    options: z.array(ProposalOptionInput).max(PROPOSAL_LIMITS.options, `at most ${PROPOSAL_LIMITS.options} options per proposal`).optional(),
    expires_at: DateTimeString.optional().meta({
      description: `When the proposal expires if still pending; default ${PROPOSAL_DEFAULT_TTL_HOURS} hours after creation, at most ${PROPOSAL_MAX_TTL_DAYS} days`,
    }),
  })
  .superRefine((p, ctx) => {
    const ids = new Set<string>();
    for (const [i, o] of (p.options ?? []).entries()) {
      if (ids.has(o.id)) ctx.addIssue({ code: "custom", path: ["options", i, "id"], message: `duplicate option id ${o.id}` });
      ids.add(o.id);
      for (const [j, s] of (o.schedule ?? []).entries())
        if (s.entity_index >= p.entities.length)
          ctx.addIssue({ code: "custom", path: ["options", i, "schedule", j, "entity_index"], message: `no entity at index ${s.entity_index}` });
    }
    // Every entity needs a start time: its own, or one from every option.
    for (const [i, e] of p.entities.entries()) {
      const fromAll = (p.options?.length ?? 0) > 0 && p.options!.every((o) => o.schedule?.some((s) => s.entity_index === i));
      if (!e.startDateTime && !fromAll)
        ctx.addIssue({ code: "custom", path: ["entities", i, "startDateTime"], message: "startDateTime is required unless every option schedules this entity" });
    }
  })
  .meta({ id: "CreateProposal" });
export type CreateProposalInput = z.output<typeof CreateProposalInput>;

export const ResolveProposalInput = z
  .strictObject({
    selected_option_id: z.string().min(1).max(64).optional().meta({ description: "accept: the chosen option; default the top-ranked one" }),
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
  })
  .meta({ id: "ProposalSummary" });

export const ProposalSchema = ProposalSummarySchema.extend({
  trip_id: z.number().int(),
  entities: z.array(ProposalEntityInput).meta({ description: "The entities as stored (normalised: trimmed, IATA codes upper-case)" }),
  options: z.array(ProposalOptionInput.extend({ rank: z.number().int() })).meta({ description: "Ranked: highest score first" }),
  selected_option_id: z.string().nullable(),
  created_event_ids: z.array(z.number().int()).nullable(),
  accepted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
}).meta({ id: "Proposal" });
export type ProposalBody = z.output<typeof ProposalSchema>;
