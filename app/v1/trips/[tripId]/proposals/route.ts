import { defineRoute } from "@/lib/registry/route";
import { proposalContracts } from "@/lib/trips/proposals/proposal-contracts";
import { createProposal, listProposals } from "@/lib/trips/proposals/raise-and-list-proposals";

export const GET = defineRoute(proposalContracts.listProposals, async ({ principal, params, query }) => ({
  data: await listProposals(params.tripId, principal.userId, query.status),
}));

export const POST = defineRoute(proposalContracts.createProposal, async ({ principal, params, body }) => ({
  status: 201,
  data: await createProposal(params.tripId, principal.userId, body),
}));
