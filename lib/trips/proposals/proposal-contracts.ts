import { z } from "zod";
import { PROPOSAL_STATUSES } from "@/drizzle/schema";
import { accessToken } from "@/lib/auth/strategies";
import { ApiError } from "@/lib/http/errors";
import { areaContract } from "@/lib/http/contract";
import { TripIdParam } from "@/lib/trips/contracts";
import { CreateProposalInput, ProposalSchema, ProposalSummarySchema, ResolveProposalInput } from "./proposal-schemas";

const contract = areaContract({ auth: accessToken(), tags: ["Trip proposals"], family: "api" });
const ProposalParams = TripIdParam.extend({ proposalId: z.string().uuid() });

export const proposalContracts = {
  listProposals: contract({
    operationId: "proposals.list",
    examples: { params: { tripId: 1042 }, query: { status: "pending" } },
    method: "GET",
    path: "/v1/trips/{tripId}/proposals",
    summary: "List proposals",
    description:
      "Newest first (at most 500). status filters on the effective status: a pending proposal past expires_at is listed as expired; " +
      "superseded: a newer proposal of the same agent for the same event replaced it (the weather planner keeps one open per event).",
    params: TripIdParam,
    query: z.object({
      status: z.enum(PROPOSAL_STATUSES, { error: `status must be one of: ${PROPOSAL_STATUSES.join(", ")}` }).optional(),
    }),
    responses: {
      200: {
        description: "Proposals",
        schema: z.object({ trip_id: z.number().int(), proposals: z.array(ProposalSummarySchema) }),
      },
    },
  }),
  createProposal: contract({
    operationId: "proposals.create",
    examples: {
      params: { tripId: 1042 },
      body: {
        actor_agent_id: "planner-agent-lisbon",
        entities: [
          {
            type: "flight",
            title: "Paris to Lisbon",
            departureAirport: "CDG",
            arrivalAirport: "LIS",
            flightNumber: "TP433",
            airline: "TAP Air Portugal",
            cost: 142,
          },
          {
            type: "accommodation",
            title: "Memmo Alfama",
            subtype: "hotel",
            address: "Travessa das Merceeiras 27, Lisboa",
            checkInTime: "15:00",
            checkOutTime: "11:00",
            cost: 540,
          },
        ],
        options: [
          {
            id: "morning",
            score: 0.92,
            label: "Morning flight, afternoon check-in",
            schedule: [
              { entity_index: 0, startDateTime: "2027-05-04T07:05:00+02:00", endDateTime: "2027-05-04T08:45:00+01:00" },
              { entity_index: 1, startDateTime: "2027-05-04T15:00:00+01:00", endDateTime: "2027-05-07T11:00:00+01:00" },
            ],
          },
          {
            id: "evening",
            score: 0.71,
            label: "Evening flight",
            schedule: [
              { entity_index: 0, startDateTime: "2027-05-04T18:10:00+02:00", endDateTime: "2027-05-04T19:50:00+01:00" },
              { entity_index: 1, startDateTime: "2027-05-04T21:00:00+01:00", endDateTime: "2027-05-07T11:00:00+01:00" },
            ],
          },
        ],
      },
    },
    method: "POST",
    path: "/v1/trips/{tripId}/proposals",
    // A propose-only agent token may raise proposals; accepting one needs trips:write (a human, by default).
    auth: accessToken("trips:propose"),
    summary: "Raise a proposal",
    description:
      "Roles owner, planner, editor (a planning agent uses a member's access token). Entities are events to create on accept " +
      "(TripEventCreate fields; startDateTime may instead come from every option's schedule). Options are ranked by score. " +
      "An option's changes (move_event with new startDateTime/endDateTime, update_event with TripEventPatch fields, remove_event) change existing events; " +
      "they need base_revision, the trip revision the proposal was made at (it must be the current one: 409 STALE_REVISION otherwise), " +
      "and are checked against the trip now (400 with the path of the change). reason and forecast say why an option helps.",
    params: TripIdParam,
    body: CreateProposalInput,
    responses: {
      201: { description: "The proposal", schema: ProposalSchema },
      403: { description: "Viewers may not raise proposals" },
      409: {
        description:
          "STALE_REVISION: base_revision is not the trip's current revision (error.details.current_revision); re-read and raise again",
      },
    },
  }),
  getProposal: contract({
    operationId: "proposals.get",
    examples: { params: { tripId: 1042, proposalId: "e4b8d2f6-3a7c-4e1b-9d5f-8c2a6e0b4d71" } },
    method: "GET",
    path: "/v1/trips/{tripId}/proposals/{proposalId}",
    summary: "Get a proposal",
    params: ProposalParams,
    responses: { 200: { description: "The proposal with entities and ranked options", schema: ProposalSchema } },
  }),
  resolveProposal: contract({
    operationId: "proposals.resolve",
    examples: {
      params: { tripId: 1042, proposalId: "e4b8d2f6-3a7c-4e1b-9d5f-8c2a6e0b4d71" },
      query: { action: "accept" },
      body: { selected_option_id: "morning" },
    },
    method: "POST",
    path: "/v1/trips/{tripId}/proposals/{proposalId}",
    summary: "Accept, reject or re-plan a proposal",
    description:
      "?action=accept with {selected_option_id?} (default: the top-ranked option) creates the entities and applies the option's changes to existing events " +
      "in one transaction through the ops engine: one new revision, one op-log row (type accept_proposal), nothing written if any change fails. " +
      "A proposal with base_revision applies only while the trip is still at it (409 STALE_REVISION with error.details.current_revision, as for ops). " +
      "Returns created_event_ids and changed_event_ids; " +
      "A proposal bound to base_revision rebases onto the current revision when no later change touched an event it changes; otherwise it is out of date " +
      "(409 proposal_out_of_date with error.details: what changed; GET shows out_of_date). " +
      "?action=reject with {reason?}. ?action=replan retires it (status superseded) and asks its author for a new plan: the built-in weather planner " +
      "re-plans at once (new_proposal_id; the old one's superseded_by), an external agent sees the status. 400 proposal_not_pending once resolved or expired; 400 invalid_action for another action.",
    params: ProposalParams,
    query: z.object({ action: z.enum(["accept", "reject", "replan"]) }),
    body: ResolveProposalInput,
    bodyOptional: true,
    onValidationError: (where, error, raw) => {
      if (where === "query") {
        const action = (raw as { action?: unknown }).action;
        return new ApiError(
          "invalid_action",
          action === undefined
            ? "Missing action: send ?action=accept, ?action=reject or ?action=replan."
            : `Unknown action "${String(action)}": use accept, reject or replan.`,
        );
      }
      if (where !== "body") return undefined;
      const first = error.issues[0];
      return new ApiError(
        "bad_request",
        `Invalid ${first?.path.join(".") || "body"}: ${first?.message ?? "malformed"}`,
      );
    },
    responses: {
      200: {
        description:
          "accept: {proposal_id, status: accepted, created_event_ids, changed_event_ids, accepted_at, selected_option_id, new_revision}; reject: {proposal_id, status: rejected, rejection_reason, rejected_at}",
        schema: z.union([
          z.object({
            proposal_id: z.string(),
            status: z.literal("accepted"),
            created_event_ids: z.array(z.number().int()),
            changed_event_ids: z
              .array(z.number().int())
              .meta({ description: "Existing events the option's changes moved, updated or removed" }),
            accepted_at: z.string(),
            selected_option_id: z.string().nullable(),
            new_revision: z.number().int(),
          }),
          z.object({
            proposal_id: z.string(),
            status: z.literal("rejected"),
            rejection_reason: z.string().nullable(),
            rejected_at: z.string(),
          }),
          z.object({
            proposal_id: z.string(),
            status: z.literal("superseded"),
            replanned_by: z.enum(["planner", "agent"]),
            new_proposal_id: z.string().nullable().meta({
              description: "The built-in planner's new proposal (null: none needed, or an external agent's to raise)",
            }),
          }),
        ]),
      },
      400: { description: "proposal_not_pending, invalid_action or bad_request" },
      403: { description: "Viewers may not accept or reject proposals" },
      409: {
        description:
          "proposal_out_of_date: the trip changed an event the proposal changes after its base_revision (error.details lists them); " +
          "conflict: the proposal or trip changed concurrently",
      },
    },
  }),
};
